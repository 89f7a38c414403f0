// The sandbox bank deposits two random amounts into each new bank account: tests read them as a
// payee reads them on the wallet page, and confirm them.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { get, write, type LoggedIn } from '../harness';

/** Two amounts no micro-deposit can be: a deposit is 1 to 99 cents. */
export const WRONG_DEPOSITS = ['1.12', '1.45'];

/** The two amounts the sandbox bank deposited into the person's bank account, once they are in. */
export async function sandboxDeposits(app: FastifyInstance, payee: LoggedIn): Promise<string[]> {
  const answer = await get(app, payee, '/api/payment-method/bank-account');
  expect(answer.statusCode, answer.body).toBe(200);
  const deposits = answer.json<{ testDeposits: string[] | null }>().testDeposits;
  expect(deposits, 'the sandbox deposits have reached the bank').toHaveLength(2);
  return deposits ?? [];
}

/** The person confirms the two amounts the sandbox bank deposited; the answer is returned. */
export async function confirmSandboxDeposits(app: FastifyInstance, payee: LoggedIn) {
  const amounts = await sandboxDeposits(app, payee);
  return write(app, payee, 'POST', '/api/payment-method/bank-account/verify', { amounts });
}
