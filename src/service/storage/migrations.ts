import type { Sql } from './sql.js';

/**
 * Versioned schema changes, applied in order at start, each in its own transaction with its
 * version row, so a failed migration leaves nothing half done. Append only; never edit a shipped one.
 */
export const MIGRATIONS: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: 'accounts and tokens',
    sql: `
      CREATE TABLE accounts (
        id                 SERIAL PRIMARY KEY,
        name               TEXT NOT NULL,
        kind               TEXT NOT NULL CHECK (kind IN ('system', 'client')),
        api_key            TEXT NOT NULL UNIQUE,
        api_secret_hash    TEXT NOT NULL,
        public_key         TEXT NOT NULL UNIQUE,
        impersonation_key  TEXT UNIQUE,
        system_account_id  INTEGER REFERENCES accounts (id),
        fee_schedules      JSONB NOT NULL,
        allowed_origins    TEXT[] NOT NULL DEFAULT '{}',
        created_at         TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE TABLE tokens (
        id                     TEXT PRIMARY KEY,
        account_id             INTEGER NOT NULL REFERENCES accounts (id),
        via_account_id         INTEGER REFERENCES accounts (id),
        payer                  TEXT NOT NULL,
        email_address          TEXT NOT NULL,
        attribute_values       JSON NOT NULL DEFAULT '{}',  -- JSON, not JSONB: keeps the integrator's order
        transaction_type       TEXT NOT NULL,
        masked_account_number  TEXT NOT NULL,
        last_four              TEXT NOT NULL,
        expiration_month       INTEGER,
        expiration_year        INTEGER,
        account_type           TEXT,
        vault_key_id           TEXT,
        sealed                 TEXT,
        deleted_at             TIMESTAMPTZ,
        created_at             TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX tokens_owner ON tokens (account_id, id);
      CREATE TABLE idempotency_keys (
        account_id      INTEGER NOT NULL REFERENCES accounts (id),
        via_account_id  INTEGER NOT NULL DEFAULT 0,
        operation       TEXT NOT NULL,
        key             TEXT NOT NULL,
        request_hash    TEXT NOT NULL,
        status          INTEGER,
        headers         JSONB,
        body            JSONB,
        created_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
        PRIMARY KEY (account_id, via_account_id, operation, key)
      );
    `,
  },
  {
    version: 2,
    name: 'transactions and their events',
    sql: `
      CREATE TABLE transactions (
        id                          SERIAL PRIMARY KEY,
        public_id                   TEXT NOT NULL UNIQUE,
        account_id                  INTEGER NOT NULL REFERENCES accounts (id),
        via_account_id              INTEGER REFERENCES accounts (id),
        authorization_id            TEXT UNIQUE,
        token_id                    TEXT,
        payer                       TEXT NOT NULL,
        email_address               TEXT,
        attribute_values            JSON NOT NULL DEFAULT '{}',
        comments                    TEXT,
        send_receipt                BOOLEAN NOT NULL DEFAULT false,
        ip_address                  TEXT,
        transaction_type            TEXT,
        masked_account_number       TEXT,
        amount_cents                INTEGER NOT NULL CHECK (amount_cents > 0),
        payer_fee_cents             INTEGER NOT NULL CHECK (payer_fee_cents >= 0),
        fee_cents                   INTEGER NOT NULL CHECK (fee_cents >= 0),
        net_amount_cents            INTEGER NOT NULL CHECK (net_amount_cents >= 0),
        initiating_party_fee_cents  INTEGER NOT NULL CHECK (initiating_party_fee_cents >= 0),
        payer_fee_mode              TEXT,
        payment_response_code       TEXT NOT NULL,
        authorized_amount_cents     INTEGER,
        authorization_expires_at    TIMESTAMPTZ,
        captured_at                 TIMESTAMPTZ,
        created_at                  TIMESTAMPTZ NOT NULL DEFAULT now(),
        CHECK (amount_cents = net_amount_cents + fee_cents + initiating_party_fee_cents)
      );
      CREATE INDEX transactions_owner ON transactions (account_id, id);
      CREATE TABLE transaction_events (
        id              SERIAL PRIMARY KEY,
        transaction_id  INTEGER NOT NULL REFERENCES transactions (id),
        event_type      TEXT NOT NULL CHECK (event_type IN ('Sale', 'Authorize', 'Capture')),
        event_date      TIMESTAMPTZ NOT NULL,
        comments        TEXT
      );
      CREATE INDEX transaction_events_of ON transaction_events (transaction_id, id);
    `,
  },
  {
    version: 3,
    name: 'operation: running processes, account changes, idempotency owners, shared rate limits',
    sql: `
      CREATE TABLE service_instances (
        id                TEXT PRIMARY KEY,
        pid               INTEGER NOT NULL,
        host              TEXT NOT NULL,
        started_at        TIMESTAMPTZ NOT NULL DEFAULT now(),
        heartbeat_at      TIMESTAMPTZ NOT NULL DEFAULT now(),
        accounts_version  BIGINT NOT NULL DEFAULT 0
      );
      CREATE TABLE account_changes (
        id       INTEGER PRIMARY KEY CHECK (id = 1),
        version  BIGINT NOT NULL
      );
      INSERT INTO account_changes (id, version) VALUES (1, 0);
      ALTER TABLE accounts ADD COLUMN disabled_at TIMESTAMPTZ;
      ALTER TABLE idempotency_keys ADD COLUMN owner TEXT;
      CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
      CREATE TABLE rate_limit_counts (
        name          TEXT NOT NULL,
        window_start  BIGINT NOT NULL,
        count         INTEGER NOT NULL,
        PRIMARY KEY (name, window_start)
      );
    `,
  },
  {
    version: 5,
    name: 'transaction search: newest first per account, and by last four',
    sql: `
      CREATE INDEX transactions_search ON transactions (account_id, (COALESCE(via_account_id, 0)), created_at DESC, id DESC)
        INCLUDE (via_account_id, amount_cents, payment_response_code, masked_account_number, payer);
      CREATE INDEX transactions_last_four ON transactions
        (account_id, (COALESCE(via_account_id, 0)), (right(masked_account_number, 4)), created_at DESC, id DESC)
        INCLUDE (via_account_id, amount_cents, payment_response_code);
      CREATE TABLE transaction_day_counts (
        account_id   INTEGER NOT NULL,
        via_key      INTEGER NOT NULL,
        search_type  TEXT NOT NULL,
        day          DATE NOT NULL,
        shard        SMALLINT NOT NULL,
        count        INTEGER NOT NULL,
        PRIMARY KEY (account_id, via_key, search_type, day, shard)
      );
      -- One line: the runner splits statements at a semicolon that ends a line.
      CREATE FUNCTION count_transaction_days() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE kind TEXT; BEGIN IF TG_OP IN ('UPDATE', 'DELETE') THEN kind := CASE WHEN OLD.payment_response_code <> 'Success' THEN 'Rejected' WHEN OLD.amount_cents < 0 THEN 'Refunds' ELSE 'Processed' END; UPDATE transaction_day_counts SET count = count - 1 WHERE account_id = OLD.account_id AND via_key = COALESCE(OLD.via_account_id, 0) AND search_type = kind AND day = (OLD.created_at AT TIME ZONE 'UTC')::date AND shard = OLD.id % 8; END IF; IF TG_OP IN ('INSERT', 'UPDATE') THEN kind := CASE WHEN NEW.payment_response_code <> 'Success' THEN 'Rejected' WHEN NEW.amount_cents < 0 THEN 'Refunds' ELSE 'Processed' END; INSERT INTO transaction_day_counts AS c VALUES (NEW.account_id, COALESCE(NEW.via_account_id, 0), kind, (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.id % 8, 1) ON CONFLICT (account_id, via_key, search_type, day, shard) DO UPDATE SET count = c.count + 1; END IF; RETURN NULL; END $$;
      CREATE TRIGGER transactions_day_counts AFTER INSERT OR DELETE OR UPDATE OF created_at, amount_cents, payment_response_code, account_id, via_account_id
        ON transactions FOR EACH ROW EXECUTE FUNCTION count_transaction_days();
      CREATE FUNCTION clear_transaction_days() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN TRUNCATE transaction_day_counts; RETURN NULL; END $$;
      CREATE TRIGGER transactions_day_counts_truncate AFTER TRUNCATE ON transactions
        FOR EACH STATEMENT EXECUTE FUNCTION clear_transaction_days();
      INSERT INTO transaction_day_counts
        SELECT account_id, COALESCE(via_account_id, 0),
          CASE WHEN payment_response_code <> 'Success' THEN 'Rejected' WHEN amount_cents < 0 THEN 'Refunds' ELSE 'Processed' END,
          (created_at AT TIME ZONE 'UTC')::date, id % 8, count(*)
        FROM transactions GROUP BY 1, 2, 3, 4, 5;
    `,
  },
  {
    version: 6,
    name: 'settlement batches: each transaction its batch',
    sql: `
      ALTER TABLE transactions ADD COLUMN batch_id TEXT;
      CREATE INDEX transactions_batch ON transactions (account_id, batch_id) WHERE batch_id IS NOT NULL;
    `,
  },
  {
    version: 7,
    name: 'duplicate protection: each account its window',
    sql: `
      ALTER TABLE accounts ADD COLUMN duplicate_window_minutes INTEGER NOT NULL DEFAULT 5
        CHECK (duplicate_window_minutes BETWEEN 0 AND 1440);
      CREATE INDEX transactions_duplicates ON transactions (account_id, amount_cents, created_at DESC)
        WHERE payment_response_code = 'Success' AND authorization_id IS NULL;
    `,
  },
  {
    version: 8,
    name: 'payment lifecycle: voids, refunds, settlement batches',
    sql: `
      CREATE TABLE batches (
        id                      SERIAL PRIMARY KEY,
        account_id              INTEGER NOT NULL REFERENCES accounts (id),
        via_account_id          INTEGER REFERENCES accounts (id),
        number_of_credits       INTEGER NOT NULL CHECK (number_of_credits >= 0),
        total_of_credits_cents  BIGINT NOT NULL CHECK (total_of_credits_cents >= 0),
        number_of_debits        INTEGER NOT NULL CHECK (number_of_debits >= 0),
        total_of_debits_cents   BIGINT NOT NULL CHECK (total_of_debits_cents >= 0),
        currency                TEXT NOT NULL DEFAULT 'USD',
        created_at              TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      CREATE INDEX batches_owner ON batches (account_id, (COALESCE(via_account_id, 0)), id DESC);
      CREATE TABLE settlement_cutoffs (
        cutoff_at  TIMESTAMPTZ PRIMARY KEY,
        batches    INTEGER NOT NULL DEFAULT 0,
        closed_at  TIMESTAMPTZ NOT NULL DEFAULT now()
      );
      -- Version 6 added batch_id as TEXT so that search by batch could ship first; nothing wrote it.
      ALTER TABLE transactions ALTER COLUMN batch_id TYPE INTEGER USING batch_id::integer;
      ALTER TABLE transactions ADD CONSTRAINT transactions_batch_id_fkey FOREIGN KEY (batch_id) REFERENCES batches (id);
      ALTER TABLE transactions ADD COLUMN original_transaction_id INTEGER REFERENCES transactions (id);
      ALTER TABLE transactions ADD COLUMN voided_at TIMESTAMPTZ;
      CREATE INDEX transactions_batch_members ON transactions (batch_id, id) WHERE batch_id IS NOT NULL;
      CREATE INDEX transactions_refunds_of ON transactions (original_transaction_id) WHERE original_transaction_id IS NOT NULL;
      CREATE INDEX transactions_unsettled ON transactions (account_id, (COALESCE(via_account_id, 0)))
        WHERE batch_id IS NULL AND voided_at IS NULL AND payment_response_code = 'Success';
      ALTER TABLE transactions DROP CONSTRAINT transactions_amount_cents_check;
      ALTER TABLE transactions DROP CONSTRAINT transactions_net_amount_cents_check;
      -- A payment is positive; a void makes it 0; a refund is -A with fees 0 and netAmount -A. The
      -- table's CHECK amount = net + fee + initiatingPartyFee still holds for all three.
      ALTER TABLE transactions ADD CONSTRAINT transactions_amount_kind CHECK (
        (original_transaction_id IS NULL AND amount_cents > 0 AND net_amount_cents >= 0)
        OR (voided_at IS NOT NULL AND amount_cents = 0 AND net_amount_cents = 0)
        OR (original_transaction_id IS NOT NULL AND amount_cents < 0 AND net_amount_cents = amount_cents
            AND fee_cents = 0 AND payer_fee_cents = 0 AND initiating_party_fee_cents = 0));
      ALTER TABLE transaction_events DROP CONSTRAINT transaction_events_event_type_check;
      ALTER TABLE transaction_events ADD CONSTRAINT transaction_events_event_type_check
        CHECK (event_type IN ('Sale', 'Authorize', 'Capture', 'Void', 'Refund', 'Settle'));
    `,
  },
  {
    version: 9,
    name: 'transaction search: by amount within a scope',
    sql: `
      CREATE INDEX transactions_amount_search ON transactions
        (account_id, (COALESCE(via_account_id, 0)), amount_cents, created_at DESC, id DESC)
        INCLUDE (via_account_id, payment_response_code);
    `,
  },
  {
    version: 10,
    name: "transaction search: by payer name, through each scope's distinct names",
    sql: `
      -- A name search matches the scope's distinct payer names (a few per hundred payments when
      -- payers pay again), then reads their payments from an index, instead of testing every
      -- payment's name (docs/decisions/0118-transaction-search.md).
      CREATE TABLE payer_names (
        id          SERIAL PRIMARY KEY,
        account_id  INTEGER NOT NULL,
        via_key     INTEGER NOT NULL,
        name        TEXT NOT NULL,
        UNIQUE (account_id, via_key, name)
      );
      ALTER TABLE transactions ADD COLUMN payer_name_id INTEGER;
      INSERT INTO payer_names (account_id, via_key, name)
        SELECT DISTINCT account_id, COALESCE(via_account_id, 0), lower(payer) FROM transactions;
      UPDATE transactions t SET payer_name_id = n.id FROM payer_names n
        WHERE n.account_id = t.account_id AND n.via_key = COALESCE(t.via_account_id, 0) AND n.name = lower(t.payer);
      ALTER TABLE transactions ALTER COLUMN payer_name_id SET NOT NULL;
      -- Every row gets its name's id, whichever code inserts it. Read first (no write for a payer
      -- seen before); a new name is inserted, and when another transaction inserted it meanwhile,
      -- read again (READ COMMITTED: the second read sees its commit). One line: see migration 5.
      CREATE FUNCTION name_transaction_payer() RETURNS trigger LANGUAGE plpgsql AS $$ DECLARE found_id INTEGER; via INTEGER := COALESCE(NEW.via_account_id, 0); BEGIN SELECT id INTO found_id FROM payer_names WHERE account_id = NEW.account_id AND via_key = via AND name = lower(NEW.payer); IF found_id IS NULL THEN INSERT INTO payer_names (account_id, via_key, name) VALUES (NEW.account_id, via, lower(NEW.payer)) ON CONFLICT DO NOTHING RETURNING id INTO found_id; END IF; IF found_id IS NULL THEN SELECT id INTO found_id FROM payer_names WHERE account_id = NEW.account_id AND via_key = via AND name = lower(NEW.payer); END IF; NEW.payer_name_id := found_id; RETURN NEW; END $$;
      CREATE TRIGGER transactions_payer_name BEFORE INSERT OR UPDATE OF payer, account_id, via_account_id
        ON transactions FOR EACH ROW EXECUTE FUNCTION name_transaction_payer();
      CREATE INDEX transactions_payer_search ON transactions
        (account_id, (COALESCE(via_account_id, 0)), payer_name_id, created_at DESC, id DESC)
        INCLUDE (via_account_id, amount_cents, payment_response_code);
    `,
  },
  {
    version: 11,
    name: 'duplicate protection: each sale its payment method fingerprint',
    sql: `
      -- A keyed hash of the whole card or account number (payments/method-fingerprint.ts), so that two
      -- cards with the same brand and last four are two methods. Rows stored before stay NULL: they
      -- match a new sale by its token only (storage/transactions-table.ts, lastApprovedSale).
      ALTER TABLE transactions ADD COLUMN IF NOT EXISTS payment_method_fingerprint TEXT;
    `,
  },
  {
    version: 12,
    name: 'transaction and batch ids: a keyed permutation of the sequence, not the sequence',
    sql: `
      -- docs/decisions/0001-transaction-and-batch-ids.md. A sequence's number n becomes the id
      -- scrambled_id(kind, n): a 4-round Feistel permutation of 30-bit numbers (MD5 under a random
      -- secret as its round function), walked again until it lands in (floor, 999999999]. A bijection
      -- of that range: ids stay unique and within 9 digits, and say nothing of how many rows other
      -- accounts made in between. Ids handed out before (at most floor) are kept; new ones lie above.
      -- No row may be added between reading the floor and the new default (an older process still
      -- running during an upgrade would take a number the permutation hands out again).
      LOCK TABLE transactions, batches IN EXCLUSIVE MODE;
      CREATE TABLE id_secrets (
        name    TEXT PRIMARY KEY,
        secret  TEXT NOT NULL,
        floor   INTEGER NOT NULL
      );
      INSERT INTO id_secrets (name, secret, floor)
        SELECT 'transactions', md5(gen_random_uuid()::text || gen_random_uuid()::text),
          GREATEST((SELECT COALESCE(max(id), 0) FROM transactions), (SELECT last_value - CASE WHEN is_called THEN 0 ELSE 1 END FROM transactions_id_seq))
        UNION ALL
        SELECT 'batches', md5(gen_random_uuid()::text || gen_random_uuid()::text),
          GREATEST((SELECT COALESCE(max(id), 0) FROM batches), (SELECT last_value - CASE WHEN is_called THEN 0 ELSE 1 END FROM batches_id_seq));
      -- One line: see migration 5.
      CREATE FUNCTION scrambled_id(kind TEXT, n BIGINT) RETURNS INTEGER LANGUAGE plpgsql AS $$ DECLARE k TEXT; lo BIGINT; x BIGINT; l BIGINT; r BIGINT; t BIGINT; BEGIN SELECT secret, floor INTO k, lo FROM id_secrets WHERE name = kind; IF k IS NULL THEN RAISE EXCEPTION 'No id secret for %', kind; END IF; IF n <= lo OR n > 999999999 THEN RAISE EXCEPTION 'No % id is left for number % (ids have at most 9 digits)', kind, n; END IF; x := n; LOOP l := x >> 15; r := x & 32767; FOR i IN 1..4 LOOP t := l # (('x' || substr(md5(k || ':' || i || ':' || r), 1, 4))::bit(16)::integer & 32767); l := r; r := t; END LOOP; x := (l << 15) | r; EXIT WHEN x > lo AND x <= 999999999; END LOOP; RETURN x; END $$;
      ALTER TABLE transactions ALTER COLUMN id SET DEFAULT scrambled_id('transactions', nextval('transactions_id_seq'));
      ALTER TABLE batches ALTER COLUMN id SET DEFAULT scrambled_id('batches', nextval('batches_id_seq'));
      -- Ids no longer tell the order rows were made in: lists order by time, then id.
      DROP INDEX batches_owner;
      CREATE INDEX batches_owner ON batches (account_id, (COALESCE(via_account_id, 0)), created_at DESC, id DESC);
      DROP INDEX transactions_batch_members;
      CREATE INDEX transactions_batch_members ON transactions (batch_id, created_at, id) WHERE batch_id IS NOT NULL;
    `,
  },
  {
    version: 13,
    name: 'card funding and fee programs: on tokens and transactions',
    sql: `
      -- docs/fees.md#card-funding. A card token stored before has no funding: it reads as unknown.
      -- IF NOT EXISTS: an upgrade test runs today's code on an older schema with these columns added.
      ALTER TABLE tokens ADD COLUMN IF NOT EXISTS funding TEXT CHECK (funding IN ('credit', 'debit', 'prepaid', 'unknown'));
      -- The fee the payer was shown when the token was made (docs/fees.md#fee-quotes): amount and payerFee in cents, program, funding.
      ALTER TABLE tokens ADD COLUMN IF NOT EXISTS fee_quote JSONB;
      ALTER TABLE transactions ADD COLUMN IF NOT EXISTS funding TEXT CHECK (funding IN ('credit', 'debit', 'prepaid', 'unknown'));
      ALTER TABLE transactions ADD COLUMN IF NOT EXISTS fee_program TEXT
        CHECK (fee_program IN ('serviceFee', 'surcharge', 'convenienceFee', 'none'));
      -- A service fee charged as its own transaction points to its principal (docs/fees.md#service-fee).
      ALTER TABLE transactions ADD COLUMN IF NOT EXISTS principal_transaction_id INTEGER REFERENCES transactions (id);
      CREATE INDEX IF NOT EXISTS transactions_fee_of ON transactions (principal_transaction_id) WHERE principal_transaction_id IS NOT NULL;
    `,
  },
  {
    version: 14,
    name: 'fee programs: each account its program, and whether it allows Mode C',
    sql: `
      -- docs/fees.md#fee-programs. Every account before this keeps its behaviour: program none, Mode C allowed.
      ALTER TABLE accounts ADD COLUMN IF NOT EXISTS fee_program JSONB NOT NULL DEFAULT '{"name": "none"}';
      ALTER TABLE accounts ADD COLUMN IF NOT EXISTS mode_c_allowed BOOLEAN NOT NULL DEFAULT false;
      UPDATE accounts SET mode_c_allowed = true;
    `,
  },
  {
    version: 16,
    name: 'events, webhook endpoints and the delivery outbox',
    sql: `
      -- body is the event as the API shows it, byte for byte what a webhook sends and signs.
      CREATE TABLE events (
        seq             BIGSERIAL PRIMARY KEY,
        id              TEXT NOT NULL UNIQUE,
        account_id      INTEGER NOT NULL REFERENCES accounts (id),
        via_account_id  INTEGER REFERENCES accounts (id),
        type            TEXT NOT NULL,
        object_id       TEXT NOT NULL,
        body            TEXT NOT NULL,
        created_at      TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX events_owner ON events (account_id, (COALESCE(via_account_id, 0)), created_at DESC, seq DESC);
      CREATE TABLE webhook_endpoints (
        id                    TEXT PRIMARY KEY,
        account_id            INTEGER NOT NULL REFERENCES accounts (id),
        via_account_id        INTEGER REFERENCES accounts (id),
        url                   TEXT NOT NULL,
        enabled_events        TEXT[] NOT NULL,
        vault_key_id          TEXT NOT NULL,
        sealed_secret         TEXT NOT NULL,
        previous_vault_key_id TEXT,
        previous_sealed       TEXT,
        previous_until        TIMESTAMPTZ,
        status                TEXT NOT NULL DEFAULT 'enabled' CHECK (status IN ('enabled', 'failing')),
        created_at            TIMESTAMPTZ NOT NULL,
        deleted_at            TIMESTAMPTZ
      );
      CREATE INDEX webhook_endpoints_owner ON webhook_endpoints (account_id, (COALESCE(via_account_id, 0)))
        WHERE deleted_at IS NULL;
      -- One row per event and destination (a webhook endpoint, an e-mail address): claimed under a lease.
      CREATE TABLE deliveries (
        id               BIGSERIAL PRIMARY KEY,
        event_seq        BIGINT REFERENCES events (seq),
        channel          TEXT NOT NULL,
        target           TEXT NOT NULL,
        object_id        TEXT NOT NULL,
        message          JSON,
        state            TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed')),
        attempts         INTEGER NOT NULL DEFAULT 0,
        next_attempt_at  TIMESTAMPTZ NOT NULL,
        lease_until      TIMESTAMPTZ,
        leased_by        TEXT,
        created_at       TIMESTAMPTZ NOT NULL,
        finished_at      TIMESTAMPTZ
      );
      CREATE INDEX deliveries_due ON deliveries (next_attempt_at, id) WHERE state = 'pending';
      CREATE INDEX deliveries_in_order ON deliveries (channel, target, object_id, id) WHERE state = 'pending';
      CREATE INDEX deliveries_of_target ON deliveries (target, id);
      CREATE TABLE delivery_attempts (
        id            BIGSERIAL PRIMARY KEY,
        delivery_id   BIGINT NOT NULL REFERENCES deliveries (id),
        attempted_at  TIMESTAMPTZ NOT NULL,
        duration_ms   INTEGER NOT NULL,
        status_code   INTEGER,
        error         TEXT
      );
      CREATE INDEX delivery_attempts_of ON delivery_attempts (delivery_id, id);
    `,
  },
  {
    version: 19,
    name: 'the payer’s language for receipts',
    sql: `
      -- POST /transactions' locale (ours): what language a receipt speaks; NULL when not said (English).
      ALTER TABLE transactions ADD COLUMN IF NOT EXISTS payer_locale TEXT CHECK (payer_locale IN ('en', 'es'));
    `,
  },
  {
    version: 22,
    name: 'payment schedules and AutoPay: the plans, their runs and their events',
    sql: `
      -- docs/autopay.md. Due dates are days in the account's time zone.
      ALTER TABLE accounts ADD COLUMN IF NOT EXISTS time_zone TEXT NOT NULL DEFAULT 'America/New_York';
      -- An AutoPay's id is a number on the wire: a keyed permutation like a transaction's (migration 12).
      CREATE SEQUENCE autopay_ids;
      INSERT INTO id_secrets (name, secret, floor) VALUES ('autopays', md5(gen_random_uuid()::text || gen_random_uuid()::text), 0);
      CREATE TABLE payment_schedules (
        id                          SERIAL PRIMARY KEY,
        public_id                   TEXT NOT NULL UNIQUE,
        kind                        TEXT NOT NULL CHECK (kind IN ('Schedule', 'AutoPay')),
        account_id                  INTEGER NOT NULL REFERENCES accounts (id),
        via_account_id              INTEGER REFERENCES accounts (id),
        token_id                    TEXT,
        payer                       TEXT NOT NULL,
        email_address               TEXT NOT NULL,
        language                    TEXT NOT NULL CHECK (language IN ('en', 'es')),
        attribute_values            JSON NOT NULL DEFAULT '{}',
        comments                    TEXT,
        initiating_party_fee_cents  INTEGER NOT NULL DEFAULT 0,
        ip_address                  TEXT,
        time_zone                   TEXT NOT NULL,
        plan                        JSONB NOT NULL,
        status                      TEXT NOT NULL CHECK (status IN ('Active', 'Paused', 'Failing', 'Completed', 'Cancelled')),
        executed_payments           INTEGER NOT NULL DEFAULT 0,
        next_n                      INTEGER,
        next_due_date               DATE,
        next_amount_cents           INTEGER,
        next_run_at                 TIMESTAMPTZ,
        attempt                     INTEGER NOT NULL DEFAULT 0,
        stopped_at                  TIMESTAMPTZ,
        reminder_days               INTEGER NOT NULL DEFAULT 3,
        reminded_for                DATE,
        created_at                  TIMESTAMPTZ NOT NULL,
        cancelled_at                TIMESTAMPTZ,
        CHECK ((next_n IS NULL) = (next_run_at IS NULL) AND (next_n IS NULL) = (next_due_date IS NULL))
      );
      -- The runner's question, asked every few seconds by every process: what is due now?
      CREATE INDEX payment_schedules_due ON payment_schedules (next_run_at) WHERE next_run_at IS NOT NULL;
      CREATE INDEX payment_schedules_owner ON payment_schedules (account_id, kind, created_at DESC, id DESC);
      CREATE TABLE schedule_runs (
        schedule_id            INTEGER NOT NULL REFERENCES payment_schedules (id),
        due_date               DATE NOT NULL,
        attempt                INTEGER NOT NULL,
        amount_cents           INTEGER NOT NULL,
        transaction_id         INTEGER,
        payment_response_code  TEXT NOT NULL,
        ran_at                 TIMESTAMPTZ NOT NULL,
        -- One try of one payment, ever: the last guard against a second charge.
        PRIMARY KEY (schedule_id, due_date, attempt)
      );
      CREATE TABLE schedule_events (
        id              BIGSERIAL PRIMARY KEY,
        schedule_id     INTEGER NOT NULL REFERENCES payment_schedules (id),
        account_id      INTEGER NOT NULL REFERENCES accounts (id),
        via_account_id  INTEGER REFERENCES accounts (id),
        event_type      TEXT NOT NULL,
        due_date        DATE,
        transaction_id  INTEGER,
        created_at      TIMESTAMPTZ NOT NULL
      );
      CREATE INDEX schedule_events_of ON schedule_events (schedule_id, id);
    `,
  },
  {
    version: 26,
    name: 'e-mail receipts ride the outbox',
    sql: `
      -- The receipt an event asks for ({ to, locale, kind }), or NULL: the outbox's fan-out
      -- (events-table.ts) queues its e-mail with the event. Never shown by the events API.
      ALTER TABLE events ADD COLUMN IF NOT EXISTS receipt JSON;
    `,
  },
  {
    version: 29,
    name: 'schedule events ride the outbox',
    sql: `
      -- A schedule's events are events of the outbox (schedules/schedule-events.ts): readable at
      -- GET /api/v1/events, sent to webhooks and e-mailed from there. The table of migration 22 was
      -- written by the runner and read by nothing of the API; its rows told again what schedule_runs
      -- records of each payment (docs/decisions/0158-schedule-events-in-the-outbox.md).
      DROP TABLE IF EXISTS schedule_events;
    `,
  },
  {
    version: 31,
    name: 'the runner asks what is due of the schedules that can be',
    sql: `
      -- docs/autopay.md#the-runner. Every process asks every few seconds; when nothing is due the
      -- answer must cost nothing, however many schedules wait. Payments: only schedules that can pay
      -- (a paused or failing one whose date went by is not indexed).
      CREATE INDEX payment_schedules_payable ON payment_schedules (next_run_at)
        WHERE next_run_at IS NOT NULL AND (status = 'Active' OR next_run_at < stopped_at);
      DROP INDEX payment_schedules_due;
      -- Reminders: only those not sent yet, by their days ahead, so each number of days is one
      -- range of due dates (schedules-table.ts, anythingDue).
      CREATE INDEX payment_schedules_unreminded ON payment_schedules (reminder_days, next_run_at)
        WHERE status = 'Active' AND attempt = 0 AND reminder_days > 0 AND reminded_for IS DISTINCT FROM next_due_date;
    `,
  },
  {
    version: 32,
    name: 'rate limits counted in rows per process',
    sql: `
      -- Each service process adds to its own row of a counter and window, and reads the others'
      -- (rate-limit-counts.ts): with one row for all, every process waited for the others' commits
      -- (docs/decisions/0167-rate-limit-rows-per-process.md). The counts are of the current minute:
      -- nothing worth keeping.
      DROP TABLE rate_limit_counts;
      CREATE TABLE rate_limit_counts (
        name          TEXT NOT NULL,
        window_start  BIGINT NOT NULL,
        process       TEXT NOT NULL,
        count         INTEGER NOT NULL,
        PRIMARY KEY (name, window_start, process)
      );
    `,
  },
];

/** The versions of the outbox's tables (events, webhook endpoints, deliveries), which every payment writes. */
export const OUTBOX_VERSIONS = [16];

/**
 * Brings the schema up to the newest version (or to `through`, and the versions of `also`, for a test
 * of an upgrade that writes through today's code: the tables it writes besides); safe to call on
 * every start.
 */
export async function migrate(sql: Sql, through = Infinity, also: number[] = []): Promise<number[]> {
  // Processes starting together on one PostgreSQL database take turns: each step holds a
  // transaction-scoped advisory lock and looks again at what is applied once it has it.
  await sql.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
  });
  const applied = new Set(
    (await sql.query<{ version: number }>('SELECT version FROM schema_migrations')).map((row) => row.version),
  );
  const done: number[] = [];
  for (const migration of MIGRATIONS.filter(
    (m) => !applied.has(m.version) && (m.version <= through || also.includes(m.version)),
  )) {
    const ran = await sql.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      const already = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (already.length) return false; // another process applied it while this one waited
      for (const statement of migration.sql
        .split(/;\s*$/m)
        .map((s) => s.trim())
        .filter(Boolean))
        await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      return true;
    });
    if (ran) done.push(migration.version);
  }
  return done;
}

/** The advisory lock migrations take turns under (any constant no other code uses; "PAYT"). */
const MIGRATION_LOCK = 0x50415954;
