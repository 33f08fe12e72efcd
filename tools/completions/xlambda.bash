# bash completion for xlambda. The options come from `xlambda check --help`
# and the rule names from `xlambda --list-rules`, so they follow the
# installed version.
_xlambda() {
  local cur prev words cword
  _init_completion -s 2>/dev/null || {
    cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}; cword=$COMP_CWORD
  }
  if [ "$cword" -eq 1 ]; then
    COMPREPLY=($(compgen -W 'check launch lsp --list-rules --plugin-path --version --help' -- "$cur"))
    return
  fi
  case $prev in
    -p|--config-file|--export-fixes|-o|--output|--cache-dir|--cuda-path|--source-root)
      COMPREPLY=($(compgen -f -- "$cur")); return ;;
    --format) COMPREPLY=($(compgen -W 'text json sarif' -- "$cur")); return ;;
  esac
  case $cur in
    --rules=*|--warnings-as-errors=*)
      local ids
      ids=$(xlambda --list-rules 2>/dev/null | awk '{print $1}')
      COMPREPLY=($(compgen -P "${cur%%=*}=" -W "$ids" -- "${cur#*=}")); return ;;
    --color=*) COMPREPLY=($(compgen -P '--color=' -W 'auto always never' -- "${cur#*=}")); return ;;
    -*)
      local opts
      opts=$(xlambda check --help 2>/dev/null | grep -o -- '--[a-z][a-z-]*=\?' | sort -u)
      COMPREPLY=($(compgen -W "$opts" -- "$cur"))
      [[ ${COMPREPLY-} == *= ]] && compopt -o nospace 2>/dev/null
      return ;;
  esac
  COMPREPLY=($(compgen -f -- "$cur"))
}
complete -F _xlambda xlambda
