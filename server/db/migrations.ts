import type { Database } from './database';

interface Migration {
  version: number;
  name: string;
  /** Statements separated by semicolons (those inside a `$$` body belong to its statement). */
  sql: string;
}

/** Append-only: a released migration is never edited, a change is a new one. */
export const migrations: Migration[] = [
  {
    version: 1,
    name: 'event store',
    sql: `
      create table events (
        seq bigserial primary key,
        stream_id text not null,
        stream_version integer not null check (stream_version > 0),
        type text not null,
        data jsonb not null,
        actor text,
        emulating_actor text,
        at timestamptz not null,
        unique (stream_id, stream_version)
      );
      create index events_type on events (type);
    `,
  },
  {
    version: 2,
    name: 'accounts and users',
    sql: `
      create table accounts (
        id text primary key,
        name text not null,
        type text not null,
        status text not null,
        created_at timestamptz not null,
        version integer not null
      );
      create table users (
        id text primary key,
        account_id text not null references accounts (id),
        username text unique,
        fullname text not null,
        roles jsonb not null,
        status text not null,
        password_hash text,
        language text not null,
        failed_logins integer not null default 0,
        locked_until timestamptz,
        last_login timestamptz,
        created_at timestamptz not null,
        version integer not null
      );
      create table sessions (
        token_hash text primary key,
        user_id text not null,
        csrf text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null
      );
      create index sessions_user on sessions (user_id);
    `,
  },
  {
    version: 3,
    name: 'catalog basics',
    sql: `
      create table artists (
        id text primary key,
        account_id text not null references accounts (id),
        name text not null,
        created_at timestamptz not null,
        version integer not null
      );
      create table distributors (
        id text primary key,
        name text not null unique,
        uploadable boolean not null,
        created_at timestamptz not null,
        version integer not null
      );
      create table products (
        id text primary key,
        account_id text not null references accounts (id),
        title text not null,
        alt_title text,
        subtitle text,
        type text not null,
        genre text,
        duration_seconds integer,
        copyright text,
        territory text,
        label text,
        label_artist text,
        artist_id text references artists (id),
        tags jsonb not null default '[]',
        visibility text not null,
        revenue_view text not null,
        created_at timestamptz not null,
        version integer not null
      );
      create table product_codes (
        code text primary key,
        product_id text not null references products (id),
        kind text not null
      );
      create table split_sets (
        id text primary key,
        account_id text not null references accounts (id),
        product_id text references products (id),
        code text,
        kind text not null,
        start_date date,
        priority integer not null,
        trigger jsonb,
        shares jsonb not null,
        position integer not null
      );
      create index split_sets_product on split_sets (product_id);
      create table split_payees (
        split_set_id text not null references split_sets (id) on delete cascade,
        payee_id text not null,
        primary key (split_set_id, payee_id)
      );
      create table presets (
        id text primary key,
        account_id text not null references accounts (id),
        name text not null,
        shares jsonb not null,
        created_at timestamptz not null,
        unique (account_id, name)
      );
      create table artist_users (
        artist_id text not null references artists (id),
        user_id text not null references users (id),
        linked_at timestamptz not null,
        primary key (artist_id, user_id)
      );
      create table account_payees (
        account_id text not null references accounts (id),
        user_id text not null references users (id),
        primary key (account_id, user_id)
      );
    `,
  },
  {
    version: 4,
    name: 'emulation, single-use links and the outbox',
    sql: `
      alter table sessions add column emulating_user_id text;
      create table recent_emulations (
        admin_id text not null,
        user_id text not null,
        emulated_at timestamptz not null,
        primary key (admin_id, user_id)
      );
      create table links (
        token_hash text primary key,
        purpose text not null,
        user_id text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create table outbox (
        id bigserial primary key,
        recipient text not null,
        subject text not null,
        body text not null,
        link text,
        created_at timestamptz not null,
        sent_at timestamptz
      );
    `,
  },
  {
    version: 5,
    name: 'wallet ledger',
    sql: `
      create table wallet_entries (
        id bigserial primary key,
        account_id text not null references accounts (id),
        amount numeric(30, 12) not null,
        currency text not null,
        kind text not null,
        reference text,
        created_at timestamptz not null
      );
      create index wallet_entries_account on wallet_entries (account_id, currency);
    `,
  },
  {
    version: 6,
    name: 'statements, their files and records, distributor templates, jobs',
    sql: `
      alter table distributors add column template jsonb;
      create table statements (
        id text primary key,
        account_id text not null references accounts (id),
        distributor_id text not null references distributors (id),
        period text not null,
        expected numeric(30, 12),
        title text not null,
        received_at timestamptz not null,
        parse_status text not null,
        version integer not null
      );
      create index statements_account on statements (account_id, received_at desc);
      create table statement_files (
        id text primary key,
        statement_id text not null references statements (id),
        account_id text not null,
        name text not null,
        sha256 text not null,
        size bigint not null,
        status text not null,
        error text,
        rows_read integer,
        records integer,
        errors integer,
        summary jsonb
      );
      create index statement_files_sha on statement_files (account_id, sha256);
      create table jobs (
        id bigserial primary key,
        kind text not null,
        payload jsonb not null,
        status text not null,
        attempts integer not null default 0,
        error text,
        created_at timestamptz not null,
        started_at timestamptz,
        finished_at timestamptz
      );
      create index jobs_queue on jobs (status, id);
      create table statement_records (
        statement_id text not null,
        file_id text not null,
        row integer not null,
        code text not null,
        code_kind text not null,
        title text not null,
        artist text not null,
        service text not null,
        format text not null,
        territory text,
        units bigint not null,
        revenue numeric(30, 12) not null,
        date date,
        kind text not null,
        currency text,
        primary key (file_id, row)
      );
      create index statement_records_statement on statement_records (statement_id, code);
      create table statement_row_errors (
        statement_id text not null,
        file_id text not null,
        row integer not null,
        field text not null,
        message text not null
      );
      create index statement_row_errors_statement on statement_row_errors (statement_id, file_id, row);
      create table statement_codes (
        statement_id text not null,
        code text not null,
        kind text not null,
        rows integer not null,
        revenue numeric(30, 12) not null,
        primary key (statement_id, code)
      );
    `,
  },
  {
    version: 7,
    name: 'statement pipeline: machine state, funds, calculations, payments',
    sql: `
      alter table statements add column state text not null default 'syncing';
      alter table statements add column flags jsonb not null default '{"forced": false, "expedited": false, "cashless": false}';
      alter table statements add column received numeric(30, 12);
      alter table statements add column statement_date date;
      alter table statements add column calculation_id text;
      alter table statements add column approved_at timestamptz;
      create table calculations (
        id text primary key,
        statement_id text not null references statements (id),
        input_sha256 text not null,
        output_sha256 text not null,
        backend text not null,
        totals jsonb not null,
        state jsonb not null,
        created_at timestamptz not null
      );
      create table statement_payees (
        calculation_id text not null,
        payee_id text not null,
        earned numeric(30, 12) not null,
        recouped numeric(30, 12) not null,
        credited numeric(30, 12) not null,
        payout numeric(30, 12) not null,
        primary key (calculation_id, payee_id)
      );
      create table statement_lines (
        calculation_id text not null,
        code text not null,
        product_id text,
        split_set_id text not null,
        payee_id text not null,
        units bigint not null,
        amount numeric(30, 12) not null,
        primary key (calculation_id, code, split_set_id, payee_id)
      );
      create table payments (
        id text primary key,
        statement_id text not null references statements (id),
        payee_id text not null,
        amount numeric(30, 12) not null,
        currency text not null,
        state text not null,
        origin text not null,
        created_at timestamptz not null
      );
      create table transactions (
        id text primary key,
        payment_id text not null references payments (id),
        amount numeric(30, 12) not null,
        currency text not null,
        status text not null,
        passback boolean not null,
        created_at timestamptz not null
      );
    `,
  },
  {
    version: 8,
    name: 'manual royalty lines and adjustments',
    sql: `
      create table statement_adjustments (
        id text primary key,
        statement_id text not null references statements (id),
        code text not null,
        units bigint not null,
        amount numeric(30, 12) not null,
        description text not null,
        created_by text,
        created_at timestamptz not null
      );
      create index statement_adjustments_statement on statement_adjustments (statement_id);
    `,
  },
  {
    version: 9,
    name: 'failed logins of usernames that have no account',
    sql: `
      create table unknown_login_attempts (
        username text primary key,
        failed_logins integer not null,
        locked_until timestamptz,
        last_attempt timestamptz not null
      );
    `,
  },
  {
    version: 10,
    name: 'a code is unique within its account, not across the install',
    sql: `
      alter table product_codes add column account_id text references accounts (id);
      update product_codes pc set account_id = p.account_id from products p where p.id = pc.product_id;
      alter table product_codes alter column account_id set not null;
      alter table product_codes drop constraint product_codes_pkey;
      alter table product_codes add primary key (account_id, code);
      create index product_codes_product on product_codes (product_id);
    `,
  },
  {
    version: 11,
    name: 'payees outside the account are invited and accept',
    sql: `
      alter table account_payees add column status text not null default 'accepted';
      create table payee_invitations (
        token_hash text primary key,
        account_id text not null references accounts (id),
        user_id text not null references users (id),
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index payee_invitations_user on payee_invitations (user_id);
    `,
  },
  {
    version: 12,
    name: 'a statement file knows when it came, so records run in file and row order',
    sql: `
      alter table statement_files add column added_in integer;
      alter table statement_files add column position_in_upload integer;
      update statement_files f set added_in = added.stream_version, position_in_upload = added.position
        from (select e.stream_version, file.value->>'fileId' as file_id, file.ordinality as position
                from events e
                cross join lateral jsonb_array_elements(
                  case when e.type = 'StatementUploaded' then e.data->'files' else e.data->'added' end
                ) with ordinality as file(value, ordinality)
               where e.type in ('StatementUploaded', 'StatementFilesReplaced')) added
       where added.file_id = f.id;
      alter table statement_files alter column added_in set not null;
      alter table statement_files alter column position_in_upload set not null;
    `,
  },
  {
    version: 13,
    name: 'a calculation knows which approved result it started from, approvals their order',
    sql: `
      alter table calculations add column based_on text;
      alter table calculations add column based_on_known boolean not null default false;
      alter table statements add column approved_seq bigint;
      update statements s set approved_seq = (
        select max(e.seq) from events e
         where e.stream_id = 'statement-' || s.id and e.type = 'StatementApproved');
    `,
  },
  {
    version: 14,
    name: 'recoupments, their remittances, and the distributor take',
    sql: `
      create table recoupments (
        id text primary key,
        account_id text not null references accounts (id),
        title text not null,
        subtitle text,
        active boolean not null,
        status text not null,
        amount numeric(30, 12) not null,
        prepaid numeric(30, 12) not null,
        recouped numeric(30, 12) not null default 0,
        remaining numeric(30, 12) not null,
        deferred numeric(30, 12) not null default 0,
        currency text not null,
        expected_value numeric(30, 12),
        statement_maximum numeric(30, 12),
        payment_minimum numeric(30, 12) not null,
        revenue_minimum numeric(30, 12) not null,
        due_date date,
        start_date date,
        type text not null,
        kind text,
        tag text,
        creditor_id text not null,
        warranter_id text,
        scope text not null,
        auto_link boolean not null,
        net_revenue_pct numeric(7, 4) not null,
        recoupable_pct numeric(7, 4) not null,
        priority text not null,
        reimbursement text not null,
        mechanical_repays boolean not null,
        created_at timestamptz not null,
        version integer not null
      );
      create index recoupments_account on recoupments (account_id, created_at);
      create table recoupment_debtors (
        recoupment_id text not null references recoupments (id),
        debtor_id text not null,
        position integer not null,
        primary key (recoupment_id, debtor_id)
      );
      create index recoupment_debtors_debtor on recoupment_debtors (debtor_id);
      create table recoupment_products (
        recoupment_id text not null references recoupments (id),
        product_id text not null,
        primary key (recoupment_id, product_id)
      );
      create table recoupment_remittances (
        id text primary key,
        recoupment_id text not null references recoupments (id),
        statement_id text not null,
        calculation_id text not null,
        debtor_id text,
        amount numeric(30, 12) not null,
        at timestamptz not null
      );
      create index recoupment_remittances_recoupment on recoupment_remittances (recoupment_id, at);
      create table calculation_recoupments (
        calculation_id text not null,
        recoupment_id text not null,
        position integer not null,
        before numeric(30, 12) not null,
        taken numeric(30, 12) not null,
        after numeric(30, 12) not null,
        closed boolean not null,
        deferred numeric(30, 12) not null,
        remittances jsonb not null,
        recoupment_version integer not null,
        primary key (calculation_id, recoupment_id)
      );
      create table distributor_takes (
        account_id text not null references accounts (id),
        distributor_id text not null references distributors (id),
        take_pct numeric(7, 4) not null,
        primary key (account_id, distributor_id)
      );
      alter table statements add column distributor_take_pct numeric(7, 4);
    `,
  },
  {
    version: 15,
    name: 'a record keeps its format as written and its kind for the engine',
    // Stored rows get formatKindByKeyword's classification (server/import/normalise/format.ts), as
    // SQL cannot run a template's rule; reading a file again applies its template's rule.
    sql: `
      alter table statement_records add column format_raw text;
      update statement_records set format_raw = format, format = case
          when lower(format) like '%stream%' then 'stream'
          when lower(format) like '%download%' then 'download'
          when lower(format) like '%video%' then 'video'
          when lower(format) ~ '(^|[^a-z0-9_])(vinyl|cd|physical)([^a-z0-9_]|$)' then 'physical'
          else 'other' end;
      alter table statement_records alter column format_raw set not null;
    `,
  },
  {
    version: 16,
    name: 'a double-entry ledger: payouts credited to payee balances, payments debited from them',
    sql: `
      create table ledger_transfers (
        id text primary key,
        debit_account text not null,
        credit_account text not null,
        amount numeric(30, 12) not null check (amount > 0),
        currency text not null,
        statement_id text,
        created_at timestamptz not null,
        check (debit_account <> credit_account)
      );
      create index ledger_transfers_credit on ledger_transfers (credit_account, currency);
      create index ledger_transfers_debit on ledger_transfers (debit_account, currency);
    `,
  },
  {
    version: 17,
    name: 'exchange rates: a statement keeps the rate its uploader gave, a record its amount as written',
    sql: `
      alter table statements add column exchange jsonb;
      alter table statement_records add column original_revenue numeric(30, 12);
      alter table statement_records add column original_currency text;
    `,
  },
  {
    version: 18,
    name: 'payments and transactions keep what the payment partner reports: fee, hold, failure, trace',
    sql: `
      alter table payments add column fee numeric(30, 12) not null default 0;
      alter table payments add column hold_reason text;
      alter table payments add column failure jsonb;
      alter table payments add column retries integer not null default 0;
      alter table payments add column completed_at timestamptz;
      alter table transactions add column fee numeric(30, 12) not null default 0;
      alter table transactions add column trace_id text;
      alter table transactions add column bank_transfer_id text;
      alter table transactions add column transferred_at timestamptz;
      create index payments_statement on payments (statement_id);
      create index payments_payee on payments (payee_id);
      create index transactions_payment on transactions (payment_id);
    `,
  },
  {
    version: 19,
    name: 'moving payments: the payment partner, its sandbox, and where each payee is paid',
    sql: `
      alter table payments add column partner_transfer_id text;
      alter table payments add column version integer not null default 0;
      create table payee_payment_methods (
        payee_id text primary key,
        partner_customer_id text not null,
        funding_source_id text not null,
        routing_number text not null,
        account_number_encrypted text not null,
        last4 text not null,
        account_type text not null,
        added_at timestamptz not null,
        micro_deposits_sent_at timestamptz,
        verified_at timestamptz,
        version integer not null
      );
      create table sandbox_funding_sources (
        id text primary key,
        customer_id text not null,
        routing_number text not null,
        last4 text not null,
        micro_deposits text[] not null,
        verified_at timestamptz,
        created_at timestamptz not null
      );
      create table sandbox_transfers (
        id text primary key,
        idempotency_key text not null unique,
        amount numeric(30, 12) not null,
        currency text not null,
        destination text not null,
        status text not null,
        return_code text,
        fee numeric(30, 12) not null,
        created_at timestamptz not null,
        settle_at timestamptz not null,
        settled_at timestamptz
      );
      create table sandbox_webhooks (
        id text primary key,
        transfer_id text not null references sandbox_transfers (id),
        topic text not null,
        body text not null,
        deliver_at timestamptz not null,
        delivered_at timestamptz,
        attempts integer not null default 0
      );
      create index sandbox_webhooks_due on sandbox_webhooks (deliver_at) where delivered_at is null;
    `,
  },
  {
    version: 20,
    name: 'payment settings of a label (payment minimum per currency, passback); bank names, micro-deposits that arrive later and a limit on wrong tries',
    sql: `
      create table account_payment_settings (
        account_id text primary key,
        passback boolean not null,
        version integer not null
      );
      create table account_payment_minimums (
        account_id text not null,
        currency text not null,
        amount numeric(30, 12) not null,
        primary key (account_id, currency)
      );
      alter table payee_payment_methods add column bank_name text;
      alter table payee_payment_methods add column failed_verifications integer not null default 0;
      alter table payee_payment_methods add column verification_locked_at timestamptz;
      alter table sandbox_funding_sources add column deposits_at timestamptz;
      alter table sandbox_funding_sources add column removed_at timestamptz;
      `,
  },
  {
    version: 21,
    name: 'the Account page: names, display preferences, person details and ID documents',
    // Names stay null until the person gives them (the page starts from the full name); the
    // SSN is kept encrypted with the payment data key, and its last 4 digits beside it.
    sql: `
      alter table users add column first_name text;
      alter table users add column middle_initial text;
      alter table users add column last_name text;
      alter table users add column display_name text;
      alter table users add column timezone text not null default 'auto';
      alter table users add column clock text not null default '12hour';
      alter table users add column currency text not null default 'USD';
      alter table links add column new_username text;
      create table person_details (
        user_id text primary key references users (id),
        phone text not null default '',
        birthdate date,
        street text not null default '',
        suite text not null default '',
        city text not null default '',
        state text not null default '',
        postal_code text not null default '',
        country text not null default '',
        ssn_encrypted text,
        ssn_last4 text,
        ssn_kind text,
        version integer not null
      );
      create table person_documents (
        id text primary key,
        user_id text not null references users (id),
        kind text not null,
        name text not null,
        sha256 text not null,
        size bigint not null,
        content_type text not null,
        added_at timestamptz not null
      );
      create index person_documents_user on person_documents (user_id, added_at);
    `,
  },
  {
    version: 22,
    name: 'business accounts: details, beneficial owners, certification; deleted people',
    // The EIN and each owner's SSN last 4 are kept encrypted (server/dataKey.ts), as in the log.
    sql: `
      create table business_profiles (
        account_id text primary key references accounts (id),
        business_name text,
        dba text,
        business_type text,
        classification text,
        ein_encrypted text,
        ein_last4 text,
        address jsonb,
        signer_name text,
        signer_title text,
        certified_text text,
        certified_at timestamptz,
        voided_at timestamptz,
        version integer not null
      );
      create table beneficial_owners (
        id text primary key,
        account_id text not null references accounts (id),
        first_name text not null,
        last_name text not null,
        ownership_pct numeric(5, 2) not null,
        birthdate date,
        address jsonb,
        ssn_last4_encrypted text,
        added_at timestamptz not null
      );
      create index beneficial_owners_account on beneficial_owners (account_id);
      alter table users add column deleted_at timestamptz;
    `,
  },
  {
    version: 23,
    name: 'analytics: figures per statement, month, artist, product and payee, and per service, format and territory',
    // payee_id '' is the label's gross; any other the amounts allocated to that payee.
    sql: `
      create table analytics_products (
        account_id text not null,
        statement_id text not null,
        distributor_id text not null,
        currency text not null,
        month date not null,
        artist_id text not null,
        product_id text not null,
        payee_id text not null,
        units bigint not null,
        amount numeric(30, 12) not null
      );
      create index analytics_products_payee on analytics_products (payee_id, account_id, currency, month);
      create index analytics_products_statement on analytics_products (statement_id);
      create table analytics_artist_dims (
        account_id text not null,
        statement_id text not null,
        currency text not null,
        month date not null,
        artist_id text not null,
        payee_id text not null,
        dimension text not null,
        value text not null,
        units bigint not null,
        amount numeric(30, 12) not null
      );
      create index analytics_artist_dims_payee on analytics_artist_dims (payee_id, account_id, dimension, currency, month);
      create index analytics_artist_dims_statement on analytics_artist_dims (statement_id);
      create table analytics_product_dims (
        account_id text not null,
        statement_id text not null,
        currency text not null,
        month date not null,
        artist_id text not null,
        product_id text not null,
        payee_id text not null,
        dimension text not null,
        value text not null,
        units bigint not null,
        amount numeric(30, 12) not null
      );
      create index analytics_product_dims_product on analytics_product_dims (product_id, payee_id, dimension, month);
      create index analytics_product_dims_statement on analytics_product_dims (statement_id);
      `,
  },
  {
    version: 25,
    name: "a person's statement shares and lines, split shares, a product's codes in statements and the statements of a period are found without a scan",
    sql: `
      create index statement_payees_payee on statement_payees (payee_id);
      create index split_payees_payee on split_payees (payee_id);
      create index statements_period on statements (account_id, period);
      create index statements_calculation on statements (calculation_id);
      create index statement_codes_code on statement_codes (code);
      create index statement_lines_payee on statement_lines (payee_id, product_id);
    `,
  },
  {
    version: 26,
    name: "partner distributors send a label's statements with an intake key; a statement keeps who uploaded it or which key sent it",
    sql: `
      create table intake_keys (
        id text primary key,
        account_id text not null references accounts (id),
        distributor_id text not null references distributors (id),
        name text not null,
        prefix text not null,
        key_hash text not null unique,
        created_at timestamptz not null,
        created_by text,
        revoked_at timestamptz,
        revoked_by text,
        version integer not null
      );
      create index intake_keys_account on intake_keys (account_id, distributor_id, created_at);
      create unique index intake_keys_live_name on intake_keys (account_id, distributor_id, lower(name))
        where revoked_at is null;
      create table intake_key_uses (
        key_id text primary key,
        last_used_at timestamptz not null
      );
      alter table statements add column uploaded_by text;
      alter table statements add column intake_key_id text;
      alter table statements add column intake_key_name text;
      update statements s set uploaded_by = e.actor
        from events e where e.stream_id = 'statement-' || s.id and e.type = 'StatementUploaded'
    `,
  },
  {
    version: 28,
    name: 'jobs: leases renewed while a job runs, a retry time after a failure, and the account they are shared fairly between',
    sql: `
      alter table jobs add column account_id text;
      alter table jobs add column run_after timestamptz;
      alter table jobs add column locked_by text;
      alter table jobs add column locked_until timestamptz;
      update jobs set account_id = s.account_id from statements s
       where s.id = jobs.payload->>'statementId';
      create index jobs_account_started on jobs (account_id, started_at);
      create index jobs_running_account on jobs (account_id) where status = 'running';
    `,
  },
  {
    version: 29,
    name: 'a statement file is read into a staging table in short steps, then made whole in one short transaction',
    // Unlogged: rows on their way in need no write-ahead log, and a crash empties the table.
    sql: `
      create unlogged table statement_records_staging (like statement_records including defaults);
      create index statement_records_staging_file on statement_records_staging (file_id);
    `,
  },
  {
    version: 30,
    name: 'request counts per client shared by every server',
    sql: `
      create table rate_limits (
        key text primary key,
        count integer not null,
        window_start timestamptz not null
      );
    `,
  },
  {
    version: 31,
    name: 'staged rows of a file are moved to its statement in ranges of rows, each in a short transaction',
    sql: `
      drop index statement_records_staging_file;
      create index statement_records_staging_file_row on statement_records_staging (file_id, row);
      create index statement_files_statement on statement_files (statement_id, status);
    `,
  },
  {
    version: 32,
    name: "a label's own layouts of a distributor's statements, read for that label's statements only",
    sql: `
      create table account_layouts (
        id text primary key,
        account_id text not null references accounts (id),
        distributor_id text not null references distributors (id),
        name text not null,
        layout jsonb not null,
        created_at timestamptz not null,
        created_by text,
        changed_at timestamptz not null,
        version integer not null
      );
      create index account_layouts_account on account_layouts (account_id, distributor_id, created_at);
    `,
  },
  {
    version: 33,
    name: "a statement's currency kept with it when its files are read, not counted from its records by every list",
    sql: `
      alter table statements add column currency text;
      update statements s set currency = (
        select r.currency from statement_records r
         where r.statement_id = s.id and r.currency is not null
           and r.file_id = any(array(select f.id from statement_files f
                                      where f.statement_id = s.id and f.status = 'read'))
         group by r.currency order by count(*) desc, r.currency limit 1);
    `,
  },
  {
    version: 34,
    name: 'ID documents kept encrypted: those kept in clear before are sealed once, at a start',
    // Not a read model: which documents' files server/settings/sealedDocuments.ts has sealed.
    sql: `
      create table sealed_documents (
        sha256 text primary key,
        sealed_at timestamptz not null default now()
      );
    `,
  },
  {
    version: 35,
    name: "a business's controlling person, and the signer's statement that nobody owns 25% or more",
    // Certifications signed before stay valid; the next one names a controlling person.
    sql: `
      alter table beneficial_owners add column controlling boolean not null default false;
      alter table beneficial_owners add column control_title text;
      alter table business_profiles add column no_owner_statement boolean not null default false;
    `,
  },
  {
    version: 36,
    name: "a statement's total held for the label's confirmation when it is out of line, and the figure confirmed",
    sql: `
      alter table statements add column total_hold jsonb;
      alter table statements add column total_confirmed text;
    `,
  },
  {
    version: 37,
    name: 'one spelling per barcode: 0859700000023 and 859700000023 are one code, a product holding both keeps one, and two products holding the same number are both shown the conflict',
    // rules/codes.ts's barcode spelling in SQL for the codes stored before (12 or 13 digits).
    // Each product's spellings of a number are kept with it, so that replaying the log, whose
    // older events name codes as they were typed, gives these same rows (projectors/product.ts).
    // A number two products of an account held in two spellings is neither's until the label
    // removes it from one: both are kept in product_code_conflicts, no product is merged.
    sql: `
      create table product_code_spellings as
        select account_id, product_id, kind, code,
               case when kind <> 'upc' then code
                    when code ~ '^00[0-9]{12}$' then substr(code, 3)
                    when code ~ '^0[0-9]{12,13}$' then substr(code, 2)
                    else code end as number
          from product_codes;
      create table product_code_conflicts (
        account_id text not null references accounts (id),
        code text not null,
        product_id text not null references products (id),
        kind text not null,
        spellings text[] not null,
        primary key (account_id, code, product_id)
      );
      create index product_code_conflicts_product on product_code_conflicts (product_id);
      insert into product_code_conflicts (account_id, code, product_id, kind, spellings)
        select account_id, number, product_id, min(kind), array_agg(code order by code)
          from product_code_spellings
         where (account_id, number) in (select account_id, number from product_code_spellings
                                         group by account_id, number
                                        having count(distinct product_id) > 1)
         group by account_id, number, product_id;
      delete from product_codes;
      alter table product_codes add column spellings text[] not null;
      insert into product_codes (code, product_id, kind, account_id, spellings)
        select number, min(product_id), min(kind), account_id, array_agg(code order by code)
          from product_code_spellings
         where (account_id, number) not in (select account_id, code from product_code_conflicts)
         group by account_id, number;
      update split_sets s set code = sp.number from product_code_spellings sp
       where sp.product_id = s.product_id and sp.code = s.code and sp.number <> s.code;
      drop table product_code_spellings;
    `,
  },
  {
    version: 38,
    name: "funds a label recorded for its statements posted to the ledger, from the label's bank into its funding",
    // Funds recorded before were never posted: each FundsReceived event of the log is posted once,
    // as the statement projector posts such an old event on a replay and receiveFunds posts a new
    // one (its id names the statement and the event's version).
    sql: `
      insert into ledger_transfers (id, debit_account, credit_account, amount, currency, statement_id, created_at)
      select 'funds:' || s.id || ':' || e.stream_version, 'bank:' || s.account_id,
             'funding:' || s.account_id, (e.data ->> 'amount')::numeric,
             coalesce(s.currency, 'USD'), s.id, e.at
        from events e join statements s on 'statement-' || s.id = e.stream_id
       where e.type = 'FundsReceived' and not (e.data ? 'transfers')
         and (e.data ->> 'amount')::numeric > 0
      on conflict (id) do nothing;
    `,
  },
  {
    version: 39,
    name: 'payment terms each person accepted, by version, with when, who clicked and the language shown',
    sql: `
      create table payment_terms_acceptances (
        person_id text not null,
        version text not null,
        accepted_at timestamptz not null,
        language text not null,
        actor text,
        emulating_actor text,
        primary key (person_id, version)
      );
    `,
  },
  {
    version: 40,
    name: 'bank accounts abroad: a UK sort code or an IBAN with its BIC, beside US routing numbers, and the country of the bank',
    // Accounts kept before are US ones. The account number or IBAN stays encrypted in
    // account_number_encrypted. The sandbox bank numbers the accounts it keeps, to find a
    // person's previous one (two can be added within the same instant).
    sql: `
      alter table payee_payment_methods add column scheme text not null default 'aba';
      alter table payee_payment_methods add column bank_country text not null default 'US';
      alter table payee_payment_methods add column sort_code text;
      alter table payee_payment_methods add column bic text;
      alter table payee_payment_methods alter column routing_number drop not null;
      alter table payee_payment_methods alter column account_type drop not null;
      alter table sandbox_funding_sources add column added bigserial;
    `,
  },
  {
    version: 41,
    name: "payments: the transfer they go out in, and what SPEC lists of them: deduction, role, contributing lines, the payee's balance after it",
    // transfer_key: the idempotency key of the partner transfer a payment goes out in, set when
    // the batch starts it; a payee's payments released together share one. The other columns
    // come from the statement that prepared the payment; payments prepared before stay null.
    sql: `
      alter table payments add column transfer_key text;
      alter table payments add column deduction numeric(30, 12);
      alter table payments add column role text;
      alter table payments add column contributing integer;
      alter table payments add column wallet_balance numeric(30, 12);
      create index payments_transfer on payments (partner_transfer_id);
    `,
  },
  {
    version: 42,
    name: "bank files: the label as a bank knows it, payees' accounts and transfers the files carry, the files written and each credit in them",
    // The rail's own tables, as the sandbox's are: not read models (replay leaves them alone).
    // A transfer is in at most one file (bank_file_entries.transfer_id is unique); a file's text
    // is kept exactly as written, with its entries, in the transaction that wrote them.
    sql: `
      create table bank_file_originators (
        account_id text primary key references accounts (id),
        immediate_destination text,
        immediate_destination_name text,
        immediate_origin text,
        immediate_origin_name text,
        company_name text,
        company_id text,
        odfi_routing text,
        sepa_name text,
        sepa_iban text,
        sepa_bic text,
        changed_at timestamptz not null,
        version integer not null
      );
      create table bankfile_funding_sources (
        id text primary key,
        person_id text not null,
        holder_name text not null,
        scheme text not null,
        details_encrypted text not null,
        micro_deposits_encrypted text not null,
        created_at timestamptz not null,
        verified_at timestamptz,
        removed_at timestamptz
      );
      create index bankfile_funding_sources_person on bankfile_funding_sources (person_id, created_at);
      create table bankfile_transfers (
        id text primary key,
        idempotency_key text not null unique,
        amount numeric(30, 12) not null,
        currency text not null,
        destination text not null,
        status text not null,
        return_code text,
        return_message text,
        created_at timestamptz not null,
        submitted_at timestamptz,
        settle_at timestamptz,
        settled_at timestamptz
      );
      create index bankfile_transfers_queued on bankfile_transfers (created_at) where status = 'queued';
      create table bank_files (
        id text primary key,
        account_id text not null references accounts (id),
        format text not null,
        currency text not null,
        file_name text not null,
        message_id text not null unique,
        payment_information_id text,
        body text not null,
        entry_count integer not null,
        total numeric(30, 12) not null,
        created_at timestamptz not null,
        downloaded_at timestamptz,
        downloaded_by text,
        submitted_at timestamptz,
        submitted_by text
      );
      create index bank_files_account on bank_files (account_id, created_at);
      create unique index bank_files_name on bank_files (account_id, file_name);
      create table bank_file_entries (
        file_id text not null references bank_files (id),
        transfer_id text unique references bankfile_transfers (id),
        funding_source_id text references bankfile_funding_sources (id),
        payment_id text,
        reference text not null,
        amount numeric(30, 12) not null,
        returned_at timestamptz,
        return_code text,
        check ((transfer_id is null) <> (funding_source_id is null))
      );
      create index bank_file_entries_reference on bank_file_entries (reference);
      create index bank_file_entries_file on bank_file_entries (file_id);
      create unique index bank_file_entries_deposit on bank_file_entries (funding_source_id, amount, file_id);
    `,
  },
  {
    version: 43,
    name: "the label's own bank details its bank files carry, as its owner sets them: the IBAN kept encrypted with its last 4, and who changed them last",
    // From now on a read model of the bankfileoriginator-<account> stream, rebuilt by replay.
    sql: `
      alter table bank_file_originators drop column sepa_iban;
      alter table bank_file_originators add column sepa_iban_encrypted text;
      alter table bank_file_originators add column sepa_iban_last4 text;
      alter table bank_file_originators add column changed_by text;
    `,
  },
  {
    version: 44,
    name: 'banner messages an admin posts for everyone, one account or the login page, and who closed them',
    // message_dismissals is not a read model: a reader closing a banner is their own preference,
    // not a change to audit (like intake_key_uses), so replay keeps it as it is.
    sql: `
      create table messages (
        id text primary key,
        audience text not null,
        account_id text references accounts (id),
        type text not null,
        title text not null,
        body text not null,
        cancelable boolean not null,
        posted_at timestamptz not null,
        posted_by text,
        changed_at timestamptz not null,
        cleared_at timestamptz,
        cleared_by text,
        version integer not null
      );
      create index messages_current on messages (audience, account_id) where cleared_at is null;
      create table message_dismissals (
        message_id text not null,
        user_id text not null,
        dismissed_at timestamptz not null,
        primary key (user_id, message_id)
      );
    `,
  },
  {
    version: 45,
    name: "a label's requests for a product the overseer creates or refuses",
    sql: `
      create table product_requests (
        id text primary key,
        account_id text not null references accounts (id),
        statement_id text not null,
        title text not null,
        product_type text not null,
        codes jsonb not null,
        artist_id text,
        status text not null,
        reason text,
        product_id text,
        requested_by text,
        requested_at timestamptz not null,
        decided_by text,
        decided_at timestamptz
      );
      create index product_requests_account on product_requests (account_id, requested_at);
    `,
  },
  {
    version: 46,
    name: "analytics: the distributor's cut of each gross figure, for products whose revenue view is net",
    // Figures written before keep a cut of zero until their statement is calculated again or the
    // log is replayed.
    sql: `
      alter table analytics_products add column take numeric(30, 12) not null default 0;
      alter table analytics_artist_dims add column take numeric(30, 12) not null default 0;
      alter table analytics_product_dims add column take numeric(30, 12) not null default 0;
      create index analytics_product_dims_payee on analytics_product_dims (payee_id, account_id, dimension, currency, month);
      `,
  },
  {
    version: 47,
    name: "accounting periods: a label's period length, its closed periods, and the label and period of each ledger transfer",
    // A transfer's period stays null until the period it falls in is closed; the close stamps it.
    sql: `
      alter table accounts add column period_length text not null default 'month';
      alter table ledger_transfers add column account_id text;
      alter table ledger_transfers add column period text;
      update ledger_transfers set account_id = case
        when split_part(debit_account, ':', 1) in ('bank', 'funding', 'payee', 'payouts', 'paid', 'returned', 'reserve')
          then split_part(debit_account, ':', 2)
        else split_part(credit_account, ':', 2) end;
      create index ledger_transfers_account_period on ledger_transfers (account_id, period);
      create table account_periods (
        account_id text not null references accounts (id),
        period text not null,
        closed_at timestamptz not null,
        closed_by text,
        summary jsonb not null,
        primary key (account_id, period)
      );
    `,
  },
  {
    version: 48,
    name: "reserves against returns: a label's rules per product or format, and each payee's reserve withheld and when it is released",
    // Read models of the reserverules-<account> stream and of the reserves a statement's approval
    // withholds (its statement stream) and the schedule releases (the reserves-<account> stream).
    sql: `
      create table reserve_rules (
        account_id text not null references accounts (id),
        scope text not null,
        target text not null,
        percent numeric(7, 4) not null,
        release_kind text not null,
        release_periods integer not null,
        changed_at timestamptz not null,
        changed_by text,
        primary key (account_id, scope, target)
      );
      create table reserve_releases (
        id text primary key,
        account_id text not null references accounts (id),
        payee_id text not null,
        currency text not null,
        statement_id text not null,
        period text not null,
        due_period text not null,
        due_on date not null,
        amount numeric(30, 12) not null,
        charged numeric(30, 12) not null default 0,
        released numeric(30, 12) not null default 0,
        released_at timestamptz,
        withheld_at timestamptz not null
      );
      create index reserve_releases_due on reserve_releases (due_on) where released_at is null;
      create index reserve_releases_payee on reserve_releases (account_id, payee_id, currency);
      create index reserve_releases_statement on reserve_releases (statement_id);
    `,
  },
  {
    version: 49,
    name: "journals for the books: a label's account code and name per book category, and its Xero tax rate",
    // A read model of the books-<account> stream; a category not mapped takes the default account.
    sql: `
      create table account_book_settings (
        account_id text primary key references accounts (id),
        xero_tax_rate text,
        version integer not null
      );
      create table account_book_accounts (
        account_id text not null references accounts (id),
        category text not null,
        code text not null,
        name text not null,
        primary key (account_id, category)
      );
    `,
  },
  {
    version: 50,
    name: "payees' tax forms (W-9, W-8BEN, W-8BEN-E): each signed form, the one it superseded kept",
    // A read model of the taxform-<user id> streams. A W-9's TIN is kept encrypted with its last
    // 4 digits, as person_details.ssn_encrypted and business_profiles.ein_encrypted are.
    sql: `
      create table tax_forms (
        id text primary key,
        payee_id text not null,
        kind text not null,
        name text not null,
        address jsonb not null,
        country text not null,
        chapter3_status text not null,
        treaty jsonb,
        tin_encrypted text,
        tin_last4 text,
        tin_kind text,
        signer_name text not null,
        signed_text text not null,
        text_version integer not null,
        signed_at timestamptz not null,
        superseded_at timestamptz,
        actor text,
        emulating_actor text
      );
      create index tax_forms_payee on tax_forms (payee_id, signed_at);
    `,
  },
  {
    version: 51,
    name: 'correction statements: the closed statement a statement of a later period corrects',
    sql: `
      alter table statements add column corrects text;
      create index statements_corrects on statements (corrects) where corrects is not null;
    `,
  },
  {
    version: 52,
    name: 'sessions: the log position after the last command of each session',
    sql: `
      alter table sessions add column write_lsn pg_lsn;
      `,
  },
  {
    version: 53,
    name: 'statement records partitioned by statement: one table each, dropped when the statement is cancelled or deleted',
    // Partitions are made by `statement_records_partition` (created apart, then attached: attaching
    // does not stop the reads of other statements as creating one `partition of` would), named
    // by number, never by the statement's id. Rows are moved before the keys are built; those of
    // statements cancelled or deleted before are not moved, as a cancel now drops them.
    sql: `
      create table statement_record_partitions (
         statement_id text primary key,
         name text not null unique,
         dropped_at timestamptz,
         currency text
       );
      create sequence statement_record_partition_numbers;
      alter table statement_records rename to statement_records_unpartitioned;
      alter index statement_records_statement rename to statement_records_unpartitioned_statement;
      create table statement_records (
         statement_id text not null,
         file_id text not null,
         row integer not null,
         code text not null,
         code_kind text not null,
         title text not null,
         artist text not null,
         service text not null,
         format text not null,
         territory text,
         units bigint not null,
         revenue numeric(30, 12) not null,
         date date,
         kind text not null,
         currency text,
         format_raw text not null,
         original_revenue numeric(30, 12),
         original_currency text
       ) partition by list (statement_id);
      create function statement_records_partition(statement_key text) returns text
       language plpgsql as $$
       declare
         part text;
         dropped timestamptz;
       begin
         select name, dropped_at into part, dropped
           from statement_record_partitions where statement_id = statement_key;
         if not found then
           part := 'statement_records_' || nextval('statement_record_partition_numbers');
           insert into statement_record_partitions (statement_id, name) values (statement_key, part)
             on conflict (statement_id) do nothing;
           if found then
             execute format('create table %I (like statement_records including defaults)', part);
             execute format('alter table statement_records attach partition %I for values in (%L)',
                            part, statement_key);
             return part;
           end if;
           select name, dropped_at into part, dropped
             from statement_record_partitions where statement_id = statement_key;
         end if;
         if dropped is not null then
           raise exception 'The records of statement % were dropped with it', statement_key;
         end if;
         return part;
       end $$;
      create function drop_statement_records_partition(statement_key text, kept_currency text)
       returns void language plpgsql as $$
       declare
         part text;
       begin
         insert into statement_record_partitions (statement_id, name, dropped_at, currency)
         values (statement_key, 'statement_records_' || nextval('statement_record_partition_numbers'),
                 now(), kept_currency)
         on conflict (statement_id) do nothing;
         if found then return; end if;
         update statement_record_partitions set dropped_at = now(), currency = kept_currency
          where statement_id = statement_key and dropped_at is null
         returning name into part;
         if found then execute format('drop table if exists %I', part); end if;
       end $$;
      insert into statement_record_partitions (statement_id, name, dropped_at, currency)
      select id, 'statement_records_' || nextval('statement_record_partition_numbers'), now(), currency
        from statements where state in ('cancelled', 'deleted') order by id;
      select statement_records_partition(statement_id)
         from (select distinct statement_id from statement_records_unpartitioned
                where statement_id not in (select statement_id from statement_record_partitions)
                order by 1) s;
      insert into statement_records
         (statement_id, file_id, row, code, code_kind, title, artist, service, format, territory,
          units, revenue, date, kind, currency, format_raw, original_revenue, original_currency)
       select statement_id, file_id, row, code, code_kind, title, artist, service, format, territory,
              units, revenue, date, kind, currency, format_raw, original_revenue, original_currency
         from statement_records_unpartitioned
        where statement_id not in (select statement_id from statement_record_partitions
                                    where dropped_at is not null);
      drop table statement_records_unpartitioned;
      alter table statement_records add primary key (statement_id, file_id, row);
      create index statement_records_statement on statement_records (statement_id, code);
    `,
  },
  {
    version: 54,
    name: 'record tables in the blob store: the file whose records a stored record table holds',
    sql: `
      create table statement_record_tables (
        file_id text primary key,
        statement_id text not null,
        blob text not null,
        records integer not null
      );
      create index statement_record_tables_statement on statement_record_tables (statement_id);
    `,
  },
  {
    version: 55,
    name: "record tables by code: each stored table's code index (null: written in row order)",
    sql: `alter table statement_record_tables add column code_index text;`,
  },
];

/** Read-model tables rebuilt by replay, children before parents for deletion. */
export const readModelTables = [
  'account_periods',
  'reserve_releases',
  'reserve_rules',
  'account_book_accounts',
  'account_book_settings',
  'tax_forms',
  'messages',
  'product_requests',
  'account_layouts',
  'intake_keys',
  'analytics_product_dims',
  'analytics_artist_dims',
  'analytics_products',
  'payment_terms_acceptances',
  'person_documents',
  'person_details',
  'beneficial_owners',
  'business_profiles',
  'ledger_transfers',
  'recoupment_remittances',
  'recoupment_products',
  'recoupment_debtors',
  'recoupments',
  'distributor_takes',
  'bank_file_originators',
  'account_payment_minimums',
  'account_payment_settings',
  'statement_adjustments',
  'payee_payment_methods',
  'transactions',
  'payments',
  'calculations',
  'statement_files',
  'statements',
  'wallet_entries',
  'recent_emulations',
  'account_payees',
  'artist_users',
  'presets',
  'split_payees',
  'split_sets',
  'product_code_conflicts',
  'product_codes',
  'products',
  'distributors',
  'artists',
  'users',
  'accounts',
] as const;

/** Applies the migrations not applied yet, in order; up to `upTo` only when given (benchmarks). */
export async function migrate(db: Database, upTo = Infinity): Promise<void> {
  await db.query(
    'create table if not exists schema_migrations (version integer primary key, name text not null, applied_at timestamptz not null default now())',
  );
  const applied = await db.query<{ version: number }>('select version from schema_migrations');
  const done = new Set(applied.map((row) => Number(row.version)));
  for (const migration of migrations) {
    if (done.has(migration.version) || migration.version > upTo) continue;
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('insert into schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    });
  }
}

function splitStatements(sql: string): string[] {
  // Between two `$$` a function's body: its semicolons are its own.
  const pieces = sql.split('$$');
  const statements = [''];
  pieces.forEach((piece, index) => {
    if (index % 2 === 1) {
      statements[statements.length - 1] += `$$${piece}$$`;
      return;
    }
    const [first = '', ...rest] = piece.split(';');
    statements[statements.length - 1] += first;
    statements.push(...rest);
  });
  return statements
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}
