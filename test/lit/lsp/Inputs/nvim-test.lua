-- A real client: Neovim (0.7, headless) with the docs/editors.md
-- configuration opens a .cu file with a violation, waits for xlambda's
-- diagnostic and checks its line and rule id, applies the preferred quick
-- fix, checks the buffer and that the diagnostic goes away. Any mismatch
-- quits with a non-zero exit code (:cquit).
local bufnr = vim.api.nvim_get_current_buf()
local expect_line = 3 -- 1-based line of '[&a]' in k.cu
local rule = 'extended_lambda_reference_capture'

local common = dofile(debug.getinfo(1, 'S').source:sub(2):match('(.*/)')
                     .. 'nvim-common.lua')
local say, fail = common.say, common.fail

local function xlambda_client()
  for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if c.name == 'xlambda' then
      return c
    end
  end
end

local function run()
  if not vim.wait(60000, function()
    return #vim.diagnostic.get(bufnr) > 0
  end, 50) then
    return fail('no diagnostic within 60 s')
  end
  local d = vim.diagnostic.get(bufnr)[1]
  say('DIAG %d:%d code=%s source=%s msg=%s', d.lnum + 1, d.col + 1,
      tostring(d.code), tostring(d.source), d.message)
  if d.lnum + 1 ~= expect_line or d.code ~= rule or d.source ~= 'xlambda' then
    return fail('unexpected diagnostic')
  end
  local client = xlambda_client()
  if not client then
    return fail('xlambda is not attached')
  end
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  local params = vim.lsp.util.make_range_params(0, client.offset_encoding)
  params.context = { diagnostics = { d.user_data.lsp } }
  local replies = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction',
                                           params, 20000)
  local action = common.preferred_quickfix(replies)
  if not action then
    return fail('no preferred quick fix')
  end
  say('ACTION %s', action.title)
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  local line = vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1, true)[1]
  say('LINE %s', line)
  if line ~= '  auto l = [a] __device__ () { return a; };' then
    return fail('the fix did not produce the expected line')
  end
  if not vim.wait(60000, function()
    return #vim.diagnostic.get(bufnr) == 0
  end, 50) then
    return fail('the diagnostic did not go away')
  end
  say('RESULT: PASS')
  vim.lsp.stop_client(client.id)
  vim.cmd('qall!')
end

local ok, err = pcall(run)
if not ok then
  fail(tostring(err))
end
