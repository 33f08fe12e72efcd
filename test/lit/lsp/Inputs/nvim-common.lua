-- What the Neovim tests (nvim-test.lua, nvim-clangd-test.lua) share:
-- printing, failing with a non-zero exit code (:cquit), and the preferred
-- quick fix among codeAction replies. Loaded with dofile from beside them.
local M = {}

function M.say(fmt, ...)
  io.stdout:write(string.format(fmt, ...) .. '\n')
end

function M.fail(why)
  M.say('RESULT: FAIL: %s', why)
  vim.cmd('cquit 1')
end

-- The preferred quick fix of buf_request_sync's replies (the last one), or nil.
function M.preferred_quickfix(replies)
  local action
  for _, reply in pairs(replies or {}) do
    for _, a in ipairs(reply.result or {}) do
      if a.kind == 'quickfix' and a.isPreferred then
        action = a
      end
    end
  end
  return action
end

return M
