/**
 * A stand-in for the chat-support script (spec 000 §2 "chat-support script loaded only when the
 * configuration enables it"): served only with the mock's own surfaces, so the demo and the tests can
 * point the application configuration's `chatSupport.scriptUrl` at it. A real core has no such file;
 * the console loads whatever the configuration names.
 *
 * It answers the part of the Zendesk web widget's API the console uses: `zE('messenger', 'show' | 'hide')`.
 * It takes no clicks (pointer-events: none): a console under test never finds it in the way. Its white on
 * blue reads at 5.6:1 (the accessibility audit meets it on whatever page another test left it shown).
 */
import type { FastifyInstance } from 'fastify';

export const MOCK_CHAT_SCRIPT_PATH = '/mock/chat/widget.js';

const SCRIPT = `(function () {
  if (window.zE) return;
  var box = document.createElement('div');
  box.setAttribute('data-testid', 'chat-widget');
  box.setAttribute('role', 'complementary');
  box.setAttribute('aria-label', 'Chat support');
  box.textContent = 'Chat support (mock)';
  box.style.cssText = 'position:fixed;right:16px;bottom:16px;z-index:10000;padding:10px 14px;border-radius:20px;background:#1864ab;color:#fff;font:14px sans-serif;box-shadow:0 2px 8px rgba(0,0,0,.3);pointer-events:none';
  document.body.appendChild(box);
  window.zE = function (widget, command) {
    if (widget !== 'messenger') return;
    if (command === 'hide') box.style.display = 'none';
    if (command === 'show') box.style.display = '';
  };
})();
`;

export async function mockChatRoutes(app: FastifyInstance): Promise<void> {
  app.get(MOCK_CHAT_SCRIPT_PATH, async (_req, reply) => reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SCRIPT));
}
