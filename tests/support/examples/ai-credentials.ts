/**
 * Role-matrix examples of the AI credentials calls (see ../catalogue-examples.ts for what an example is).
 */
import type { aiCredentialEndpoints } from '@fleet/contracts';
import type { Example } from '../catalogue-examples.js';

const slug = (role: string) => role.replace(/_/g, '-');

export const AI_CREDENTIALS_EXAMPLES: { [K in keyof typeof aiCredentialEndpoints]: Example<K> } = {
  searchAiCredentials: { input: () => ({ query: {} }) },
  createAiCredential: {
    input: (_r, w) => ({ body: { name: `Matrix-AI-${slug(w.role)}`, provider: 'openai', fields: [{ name: 'apiKey', secret: true, value: 'sk-matrix' }] } }),
  },
  getAiCredential: { input: (r) => ({ params: { id: r.aiCredential } }) },
  updateAiCredential: { input: (r) => ({ params: { id: r.aiCredential }, body: { active: false } }) },
  deleteAiCredential: { input: (r) => ({ params: { id: r.deleteAiCredential } }) },
};
