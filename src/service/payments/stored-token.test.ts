/**
 * Saving new tokens (stored-token.ts): each with its `token.created` event and the event's deliveries,
 * all or nothing per token, and tokens saved together in one statement (the write path of
 * POST /api/v1/tokens under load; docs/decisions/0105-throughput-budgets.md); and deleting one
 * (reads.ts) with its `token.deleted` event in one statement.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventResponse, TokenResponse } from '../../shared/wire.js';
import { sandboxBinTable } from '../cards/bin-table-file.js';
import { createRepository } from '../storage/repository.js';
import { CARD, payerNamed, startTestService, type TestService } from '../testing/harness.js';
import { statementProfile } from '../testing/sql-profile.js';
import { newId } from '../vault/random.js';
import type { Scope } from './model.js';
import { deleteToken } from './reads.js';
import { newStoredToken, saveToken } from './stored-token.js';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => service.reset());

const newToken = (scope: Scope, payer = 'Ada Lovelace') =>
  newStoredToken(newId('tok'), { payer, emailAddress: 'ada@example.com', creditCardInformation: CARD }, scope, {
    vault: service.vault,
    now: () => new Date('2026-11-27T12:00:00Z'),
    binTable: sandboxBinTable(),
  });

async function endpointFor(scope: Scope, enabledEvents: ('token.created' | 'token.deleted')[]): Promise<string> {
  const id = newId('we');
  await service.repository.webhookEndpoints.insert({
    id,
    scope,
    url: 'https://hooks.example.com/paytoken',
    enabledEvents,
    vaultKeyId: 'k',
    sealedSecret: 'v1.x',
    previousVaultKeyId: null,
    previousSealed: null,
    previousUntil: null,
    created: new Date(),
  });
  return id;
}

const storedEvents = () =>
  service.sql.query<{ seq: string; object_id: string; type: string; body: string }>(
    'SELECT seq, object_id, type, body FROM events ORDER BY seq',
  );

describe('saving new tokens', () => {
  it('writes tokens saved together in one statement, each with its own event and deliveries', async () => {
    const { scope } = await payerNamed(service, 'Springfield');
    const subscribed = await endpointFor(scope, ['token.created']);
    await endpointFor(scope, ['token.deleted']);
    const tokens = Array.from({ length: 8 }, (_, n) => newToken(scope, `Payer ${n}`));
    const profile = statementProfile();
    const repository = createRepository(profile.wrap(service.sql));

    await Promise.all(tokens.map((token) => saveToken(token, { repository })));

    expect(profile.roundTrips()).toBe(1);
    const events = await storedEvents();
    expect(events.map((event) => [event.type, event.object_id])).toEqual(
      tokens.map((token) => ['token.created', token.id]),
    );
    for (const [index, event] of events.entries()) {
      const body = JSON.parse(event.body) as EventResponse;
      const shown = body.data.object as TokenResponse;
      expect(shown).toMatchObject({ id: tokens[index]?.id, payer: `Payer ${index}`, lastFour: '4242' });
      expect(event.body.replace(/\D/g, '')).not.toContain('4242424242424242');
    }
    const deliveries = await service.sql.query<{ target: string; object_id: string }>(
      "SELECT target, object_id FROM deliveries WHERE channel = 'webhook' ORDER BY id",
    );
    expect(deliveries).toEqual(tokens.map((token) => ({ target: subscribed, object_id: token.id })));
    for (const token of tokens) expect(await service.repository.tokens.find(token.id, scope)).toEqual(token);
  });

  it('fails a token that cannot be stored alone: no row, no event; its neighbours are saved with theirs', async () => {
    const { scope } = await payerNamed(service, 'Springfield');
    const nobody: Scope = { accountId: 999_999, viaAccountId: null };
    const tokens = [newToken(scope), newToken(nobody), newToken(scope)];

    const results = await Promise.allSettled(
      tokens.map((token) => saveToken(token, { repository: service.repository })),
    );

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    // Retried one by one, side by side: in no particular order.
    expect((await storedEvents()).map((event) => event.object_id).sort()).toEqual(
      [tokens[0]?.id, tokens[2]?.id].sort(),
    );
    expect(await service.sql.query('SELECT id FROM tokens WHERE account_id = $1', [nobody.accountId])).toEqual([]);
  });

  it('keeps a token and its event together inside a caller’s transaction, and rolls both back with it', async () => {
    const { scope } = await payerNamed(service, 'Springfield');
    const kept = newToken(scope);
    const dropped = newToken(scope);

    await service.repository.transaction((inTransaction) => saveToken(kept, { repository: inTransaction }));
    await expect(
      service.repository.transaction(async (inTransaction) => {
        await saveToken(dropped, { repository: inTransaction });
        throw new Error('the caller fails after the save');
      }),
    ).rejects.toThrow('the caller fails after the save');

    expect((await storedEvents()).map((event) => event.object_id)).toEqual([kept.id]);
    expect(await service.repository.tokens.find(dropped.id, scope)).toBeNull();
  });
});

describe('deleting a token', () => {
  it('erases it and writes token.deleted with its deliveries in one statement; a foreign or gone token writes nothing', async () => {
    const { scope } = await payerNamed(service, 'Springfield');
    const other = (await payerNamed(service, 'Shelby')).scope;
    const subscribed = await endpointFor(scope, ['token.deleted']);
    const token = newToken(scope);
    await service.repository.tokens.insert(token);
    const profile = statementProfile();
    const deps = { repository: createRepository(profile.wrap(service.sql)), now: () => new Date() };

    expect(await deleteToken(token.id, other, deps)).toMatchObject({ ok: false });
    expect(await deleteToken(token.id, scope, deps)).toEqual({ ok: true, value: { id: token.id } });
    expect(await deleteToken(token.id, scope, deps)).toMatchObject({ ok: false });

    expect(profile.roundTrips()).toBe(3);
    const events = await storedEvents();
    expect(events.map((event) => [event.type, event.object_id])).toEqual([['token.deleted', token.id]]);
    expect(JSON.parse(events[0]?.body ?? '{}')).toMatchObject({ data: { object: { id: token.id, deleted: true } } });
    expect(await service.sql.query("SELECT target FROM deliveries WHERE channel = 'webhook'")).toEqual([
      { target: subscribed },
    ]);
    const [row] = await service.sql.query<{ sealed: string | null }>('SELECT sealed FROM tokens WHERE id = $1', [
      token.id,
    ]);
    expect(row).toEqual({ sealed: null });
  });
});
