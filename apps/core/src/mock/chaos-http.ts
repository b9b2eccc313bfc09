/**
 * The chaos rules' hooks (mock only: app.ts registers this plugin only with MOCK_ENDPOINTS, ahead
 * of the routes): every catalogue route (a route whose config names its call id) gets one
 * `onRequest` hook that, while an HTTP rule exists, answers late, answers a documented error in
 * the product's envelope, or destroys the connection; and one `onSend` hook that, while a drift
 * rule exists, rewrites a successful JSON answer of a call a drift rule matched (chaos-drift.ts)
 * where it is already written, ahead of compression. The /ws route gets the tap of chaos-ws.ts.
 * No other route carries the hooks, so the control plane (/mock/...), the log-in, the docs and
 * the console's files are never affected. Without a rule each hook costs one check.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { EndpointId } from '@fleet/contracts';
import { driftSchemaOf, driftValue, type Json } from './chaos-drift.js';
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

/** Whether a content-type header names JSON (application/json, application/problem+json, with parameters). */
function isJson(type: unknown): boolean {
  const value = Array.isArray(type) ? type[0] : type;
  return typeof value === 'string' && /^application\/([a-z0-9.+-]*\+)?json\b/i.test(value.trim());
}

/**
 * A written answer drifted by the rules that still apply to it (each counts a hit), with their ids
 * in the header; null when it is not successful JSON, or no rule applies (it goes as it is).
 */
function drifted(rules: ChaosRules, callId: EndpointId, ruleIds: readonly string[], reply: FastifyReply, payload: unknown): string | null {
  if (reply.statusCode < 200 || reply.statusCode >= 300 || !isJson(reply.getHeader('content-type'))) return null;
  const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (text === null || text === '') return null;
  let value: Json;
  try {
    value = JSON.parse(text) as Json;
  } catch {
    return null;
  }
  const applied: string[] = [];
  for (const id of ruleIds) {
    const hit = rules.driftHit(id);
    if (!hit) continue;
    value = driftValue(value, driftSchemaOf(callId), hit.effect, hit.random);
    applied.push(id);
  }
  if (applied.length === 0) return null;
  void reply.header(CHAOS_RULE_HEADER, applied.join(', '));
  return JSON.stringify(value);
}

export const chaosPlugin = fp(
  async (app: FastifyInstance) => {
    const rules = chaosOf(app);
    const { clock } = app.services;
    const prefix = app.config.CORE_PREFIX;
    app.decorate('realtimeTap', chaosRealtimeTap(rules, clock));

    const sleep = (ms: number) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms).unref());
    /** The drift rules a request's call matched, until its answer is written. */
    const driftOf = new WeakMap<FastifyRequest, readonly string[]>();

    const apply = async (callId: EndpointId, req: FastifyRequest, reply: FastifyReply): Promise<Outcome> => {
      const user = rules.httpNeedsCaller() ? (app.knownUser(req) ?? (await app.currentUser(req))) : null;
      const path = (req.url.split('?')[0] ?? '').slice(prefix.length) || '/';
      const outcome = rules.http(callId, path, req.method, user ? { username: user.username, roles: user.roles } : null);
      if (!outcome) return 'continue';
      if (outcome.drift.length > 0) driftOf.set(req, outcome.drift);
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
      // First of the route's onSend hooks: the answer is drifted before it is compressed or recorded.
      const drift: onSendHookHandler = (req, reply, payload, done) => {
        if (!rules.hasDrift()) return done(null, payload);
        const ruleIds = driftOf.get(req);
        if (ruleIds === undefined) return done(null, payload);
        driftOf.delete(req);
        let sent: unknown = payload;
        try {
          sent = drifted(rules, callId, ruleIds, reply, payload) ?? payload;
        } catch (err) {
          // A fault of the drift itself: the answer goes as it was written.
          req.log.warn({ err, callId }, 'chaos drift failed; the answer goes unchanged');
        }
        done(null, sent);
      };
      const sending = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
      route.onSend = [drift, ...sending];
    });
  },
  { name: 'chaos', dependencies: ['services', 'auth'] },
);
