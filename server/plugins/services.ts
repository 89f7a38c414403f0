import fp from 'fastify-plugin';
import { FolderBlobStore, type BlobStore } from '../blobs';
import { S3BlobStore, type S3BlobConfig } from '../blobStoreS3';
import { raiseWritersReadFloor } from '../auth/sessions';
import { JobRunner, type GiveUpCause, type Job, type JobRunnerOptions } from '../jobs/queue';
import { giveUpCalculationJob, runCalculationJob } from '../statements/calculateJob';
import { giveUpParseJob, runParseJob } from '../statements/parseJob';
import { ensureRecordTables } from '../statements/recordTables';
import type { ImportLimits } from '../import/limits';
import type { BatchRun } from '../../api/payments';
import type { PaymentConfig } from '../payments/config';
import { WEBHOOK_SIGNATURE_HEADER, type PaymentPartner } from '../payments/partner';
import { BankFilePartner } from '../payments/bankfile/bankFilePartner';
import { payFeesDue, runPaymentBatch } from '../payments/payments';
import { SandboxPartner } from '../payments/sandboxPartner';
import type { PaymentRail } from '../../rules/paymentRails';
import { PaymentSchedule } from '../payments/schedule';
import { documentKeys, sealStoredDocuments, type DocumentKeys } from '../settings/sealedDocuments';

declare module 'fastify' {
  interface FastifyInstance {
    blobs: BlobStore;
    jobs: JobRunner;
    /** The payment partner of the deployment's rail (PAYMENT_RAIL). */
    partner: PaymentPartner;
    /** The sandbox partner, which runs in this process, when it is the rail; else null. */
    sandboxPartner: SandboxPartner | null;
    /** The bank-file rail, when it is the rail; else null. */
    bankFiles: BankFilePartner | null;
    /** Runs the payment batch now (SPEC's batch period does it on its own). */
    runPaymentBatch: () => Promise<BatchRun>;
    /**
     * Fees due are paid, then the sandbox bank answers due transfers and its due webhooks are
     * delivered; under bank files, submitted transfers whose settlement days have passed are settled.
     */
    tickPartner: () => Promise<void>;
    /** How money leaves the portal: the sandbox partner or bank files (PAYMENT_RAIL). */
    paymentRail: PaymentRail;
    /** The key bank account numbers are encrypted with. */
    paymentDataKey: () => Buffer;
    /** The keys of ID documents, derived from it. */
    documentKeys: () => DocumentKeys;
  }
}

export interface ServicesOptions {
  blobDir: string;
  /** S3-compatible storage shared by every server, instead of the folder. */
  blobS3: S3BlobConfig | null;
  /** Start working the job queue now; tests drain it themselves instead. */
  runJobs: boolean;
  jobs: Partial<JobRunnerOptions>;
  payments: PaymentConfig;
  /** The import's bounds, when not the defaults. */
  importLimits?: Partial<ImportLimits> | undefined;
}

const parseGiveUpReason = (attempts: number, cause: GiveUpCause) =>
  cause.crashed
    ? `The portal stopped ${attempts} times while reading this file, so it was set aside: check the file and upload it again, or ask support.`
    : `This file could not be read after ${attempts} tries (${cause.error}): upload it again, or ask support.`;

const calculationGiveUpReason = (attempts: number, cause: GiveUpCause) =>
  cause.crashed
    ? `The portal stopped ${attempts} times while calculating this statement: calculate again, or ask support if it happens again.`
    : `The calculation failed ${attempts} times (${cause.error}): calculate again, or ask support if it happens again.`;

/** The blob store of original files and the job runner that reads them. */
export default fp<ServicesOptions>(
  async (app, options) => {
    const blobs: BlobStore = options.blobS3
      ? new S3BlobStore(options.blobS3)
      : new FolderBlobStore(options.blobDir);
    const deps = { db: app.db, blobs, now: app.now, limits: options.importLimits };
    const statementOf = (job: Job) => String(job.payload.statementId);
    const jobs = new JobRunner(
      app.db,
      {
        'statement.parse': {
          run: (job) => runParseJob(deps, statementOf(job)),
          giveUp: (tx, job, cause, now) =>
            giveUpParseJob(tx, statementOf(job), parseGiveUpReason(job.attempts, cause), now),
        },
        'statement.record-tables': {
          run: async (job) => {
            await ensureRecordTables(deps.db, blobs, statementOf(job));
          },
          // Nothing is lost: a calculation or preview reads the rows of a file without a table,
          // and a calculation writes the missing tables first.
          giveUp: async () => {},
        },
        'statement.calculate': {
          run: (job) => runCalculationJob(deps, statementOf(job)),
          giveUp: (tx, job, cause, now) =>
            giveUpCalculationJob(
              tx,
              statementOf(job),
              calculationGiveUpReason(job.attempts, cause),
              now,
            ),
        },
      },
      app.now,
      (message, detail) => app.log.error(detail, message),
      {
        ...options.jobs,
        // With standbys, whoever has changed something sees a job's work once it is done, as
        // they see their own command's (README, "Reads from standbys").
        ...(app.readReplicas
          ? { afterEachJob: () => raiseWritersReadFloor(app.db, app.now()) }
          : {}),
      },
    );
    app.decorate('blobs', blobs);
    app.decorate('jobs', jobs);
    const sandbox =
      options.payments.rail === 'sandbox'
        ? new SandboxPartner(app.db, options.payments.sandbox)
        : null;
    const bankFiles =
      options.payments.rail === 'bankfile'
        ? new BankFilePartner(app.db, {
            settleDays: options.payments.bankFile.settleDays,
            dataKey: options.payments.dataKey,
            now: app.now,
          })
        : null;
    const partner: PaymentPartner | null = sandbox ?? bankFiles;
    if (!partner) throw new Error(`No payment partner for the rail ${options.payments.rail}.`);
    const paymentDeps = { db: app.db, partner, now: app.now, rail: options.payments.rail };
    app.decorate('partner', partner);
    app.decorate('sandboxPartner', sandbox);
    app.decorate('bankFiles', bankFiles);
    app.decorate('paymentRail', options.payments.rail);
    app.decorate('paymentDataKey', options.payments.dataKey);
    let keys: DocumentKeys | null = null;
    app.decorate('documentKeys', () => (keys ??= documentKeys(options.payments.dataKey())));
    // Before the first request: ID documents an earlier version kept in clear are sealed. A
    // failure leaves them as they were (they are still served) and the next start tries again.
    app.addHook('onReady', async () => {
      try {
        const report = await sealStoredDocuments(app.db, blobs, app.documentKeys);
        if (report.sealed > 0) app.log.info(`Sealed ${report.sealed} ID documents kept in clear.`);
        if (report.missing.length > 0)
          app.log.warn(
            { documents: report.missing.length },
            'ID documents whose file the blob store does not have',
          );
      } catch (error) {
        app.log.error({ err: error }, 'ID documents kept in clear could not all be sealed');
      }
    });
    app.decorate('runPaymentBatch', () => runPaymentBatch(paymentDeps));
    app.decorate('tickPartner', async () => {
      // Fees the last settlements left due first: a settlement this tick applies waits a tick.
      await payFeesDue(paymentDeps);
      if (bankFiles) {
        await bankFiles.settleDue(app.now());
        return;
      }
      if (!sandbox) return;
      await sandbox.settleDue(app.now());
      // Webhooks go through the portal's own HTTP handling, signature check included.
      await sandbox.deliverDue(app.now(), async (body, signature) => {
        const answer = await app.inject({
          method: 'POST',
          url: '/api/partner/webhooks',
          headers: { 'content-type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
          payload: body,
        });
        return answer.statusCode < 300;
      });
    });
    if (options.runJobs) {
      await jobs.start();
      app.addHook('onClose', () => jobs.stop());
      const schedule = new PaymentSchedule(
        options.payments,
        () => app.runPaymentBatch(),
        () => app.tickPartner(),
        (message, detail) => app.log.error(detail, message),
      );
      app.addHook('onReady', () => schedule.start());
      app.addHook('onClose', () => schedule.stop());
    }
  },
  { name: 'services', dependencies: ['database'] },
);
