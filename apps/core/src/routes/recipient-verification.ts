/**
 * GET <core prefix>/v2/alerts/recipients/verify?token=…: the link e-mailed to a new alert recipient
 * (spec 001 §4 "Email recipient: not verified until the link is clicked (valid 72 hours)"). Opened
 * from an e-mail, so no session: the token is the capability (like the signed download links).
 * Answers the verified recipient (200), 404 VERIFICATION_LINK_UNKNOWN for a token we never sent
 * (or one replaced or removed since), 410 VERIFICATION_LINK_EXPIRED after the 72 hours, 400 for a
 * malformed query. Not a catalogue call: every catalogue call needs a session.
 */
import type { FastifyInstance } from 'fastify';
import { RecipientVerificationQuery, VALIDATION } from '@fleet/contracts';
import { validationError } from '../errors.js';
import { RECIPIENT_VERIFY_PATH } from '../modules/groups/group-alerts.js';

export async function recipientVerificationRoutes(app: FastifyInstance): Promise<void> {
  app.get(RECIPIENT_VERIFY_PATH, async (req, reply) => {
    const query = RecipientVerificationQuery.safeParse(req.query);
    if (!query.success) throw validationError([{ path: 'query.token', message: VALIDATION.invalidField }]);
    const answer = await app.services.groupAlerts.verifyRecipient(query.data.token);
    return reply.header('cache-control', 'no-store').send(answer);
  });
}
