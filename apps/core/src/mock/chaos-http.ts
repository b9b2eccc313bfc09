/**
 * The chaos rules' hooks (mock only: app.ts registers this plugin only with MOCK_ENDPOINTS, ahead
 * of the routes): every catalogue route (a route whose config names its call id) gets one
 * `onRequest` hook that, while an HTTP rule exists, answers late, answers a documented error in
 * the product's envelope, or destroys the connection; the /ws route gets the tap of chaos-ws.ts.
 * No other route carries the hook, so the control plane (/mock/...), the log-in, the docs and
 * the console's files are never affected. Without a rule the hook costs one check.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { EndpointId } from '@fleet/contracts';
import { ChaosRules } from './chaos-rules.js';
import { chaosRealtimeTap } from './chaos-ws.js';

/** The header a chaos answer carries: the rule that made it (never on an ordinary answer). */
export const CHAOS_RULE_HEADER = 'x-chaos-rule';

const rulesByApp = new WeakMap<FastifyInstance, ChaosRules>();

/** The app's chaos rules (one set per app, made on first use; the plugin is not encapsulated, so it and the control plane see the root app). */
export function chaosOf(app: FastifyInstance): ChaosRules {
  let rules = rulesByApp.get(app);
  if (!rules) {
    rules = new ChaosRules(app.services.clock);
    rulesByApp.set(app, rules);
  }
  return rules;
}

type Outcome = 'continue' | 'answered';

export const chaosPlugin = fp(
  async (app: FastifyInstance) => {
    const rules = chaosOf(app);
    const { clock } = app.services;
    const prefix = app.config.CORE_PREFIX;
    app.decorate('realtimeTap', chaosRealtimeTap(rules, clock));

    const sleep = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms).unref());

    const apply = async (callId: EndpointId, req: FastifyRequest, reply: FastifyReply): Promise<Outcome> => {
      const user = rules.httpNeedsCaller() ? (app.knownUser(req) ?? (await app.currentUser(req))) : null;
      const path = (req.url.split('?')[0] ?? '').slice(prefix.length) || '/';
      const outcome = rules.http(callId, path, req.method, user ? { username: user.username, roles: user.roles } : null);
      if (!outcome) return 'continue';
      if (outcome.delayMs > 0) await sleep(outcome.delayMs);
      const end = outcome.end;
      if (!end) return 'continue';
      if (end.kind === 'drop') {
        void reply.hijack();
        req.raw.socket.destroy();
        return 'answered';
      }
      void reply.code(end.status).header(CHAOS_RULE_HEADER, end.ruleId);
      if (end.status === 429) void reply.header('retry-after', '1');
      void reply.send(end.body);
      return 'answered';
    };

    app.addHook('onRoute', (route) => {
      const callId = (route.config as { callId?: EndpointId } | undefined)?.callId;
      if (callId === undefined) return;
      // Not an async hook: without a rule it answers at once, without a promise per request.
      const hook: onRequestHookHandler = (req, reply, done) => {
        if (!rules.hasHttp()) return done();
        apply(callId, req, reply).then((o) => {
          if (o === 'continue') done();
        }, done);
      };
      const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      route.onRequest = [hook, ...existing];
    });
  },
  { name: 'chaos', dependencies: ['services', 'auth'] },
);
