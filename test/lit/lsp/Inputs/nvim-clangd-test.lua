-- A real client through `xlambda clangd`: Neovim (0.7, headless) with a
-- stock clangd configuration whose command is xlambda-clangd opens a .cu
-- file; one client ('clangd') shows clang's warning and xlambda's finding,
-- not clang's capture_bad_target, which describes the same problem; hover
-- answers; the preferred quick fix clears the finding and leaves clang's
-- warning; killing the real clangd stops the client. Any mismatch quits
-- with a non-zero exit code (:cquit).
local bufnr = vim.api.nvim_get_current_buf()
local rule = 'extended_lambda_reference_capture'

local common = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)')
                     .. 'nvim-common.lua')
local say, fail = common.say, common.fail

local function find(pred)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if pred(d) then
      return d
    end
  end
end

local function by_code(code)
  return function(d) return d.code == code end
end

local function clients()
  local out = {}
  for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
    table.insert(out, c)
  end
  return out
end

-- the real clangd: the proxy's child whose executable is named clangd
local function clangd_pid(proxy)
  for _, task in ipairs(vim.fn.glob('/proc/' .. proxy .. '/task/*', 0, 1)) do
    for pid in io.open(task .. '/children'):read('*a'):gmatch('%d+') do
      if vim.fn.resolve('/proc/' .. pid .. '/exe'):match('clangd$') then
        return tonumber(pid)
      end
    end
  end
end

local function fix(client, d)
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  local params = vim.lsp.util.make_range_params(0, client.offset_encoding)
  -- as vim.lsp.buf.code_action() does: the line's diagnostics, in LSP form
  params.context = {
    diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, d.lnum) }
  local replies = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction',
                                           params, 30000)
  local action = common.preferred_quickfix(replies)
  if not action then
    say('REPLIES %s', (vim.inspect(replies):gsub('\n', ' ')))
    return false
  end
  say('ACTION %s', action.title)
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  say('LINE %s', vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1,
                                             true)[1])
  return true
end

local function run()
  if not vim.wait(120000, function()
    return find(by_code(rule)) and find(by_code('-Wunused-variable'))
  end, 50) then
    return fail('no xlambda finding and clang warning within 120 s')
  end
  local cs = clients()
  say('CLIENTS %d %s encoding=%s', #cs, cs[1].name, cs[1].offset_encoding)
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    say('DIAG %d:%d code=%s source=%s', d.lnum + 1, d.col + 1,
        tostring(d.code), tostring(d.source))
  end
  if #cs ~= 1 or find(by_code('capture_bad_target')) then
    return fail('one client expected, without the duplicate')
  end
  local d = find(by_code(rule))
  local hover = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = { line = 2, character = 6 } }, 30000)
  local h = hover and next(hover) and hover[next(hover)].result
  say('HOVER %s', h and 'answered' or 'none')
  if not h or not fix(cs[1], d) then
    return fail('no hover or no preferred quick fix')
  end
  if not vim.wait(120000, function()
    return not find(by_code(rule)) and find(by_code('-Wunused-variable'))
  end, 50) then
    return fail('the finding did not go away')
  end
  say('FIXED')
  local pid = clangd_pid(cs[1].rpc.pid)
  if not pid then
    return fail('no clangd under the proxy')
  end
  vim.loop.kill(pid, 9)
  if not vim.wait(20000, function()
    return vim.lsp.client_is_stopped(cs[1].id)
  end, 50) then
    return fail('the client did not stop after clangd was killed')
  end
  say('STOPPED')
  say('RESULT: PASS')
  vim.cmd('qall!')
end

local ok, err = pcall(run)
if not ok then
  fail(tostring(err))
end
