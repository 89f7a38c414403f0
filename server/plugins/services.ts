import fp from 'fastify-plugin';
import { BlobStore } from '../blobs';
import { JobRunner } from '../jobs/queue';
import { runCalculationJob } from '../statements/calculateJob';
import { runParseJob } from '../statements/parseJob';

declare module 'fastify' {
  interface FastifyInstance {
    blobs: BlobStore;
    jobs: JobRunner;
  }
}

export interface ServicesOptions {
  blobDir: string;
  /** Start working the job queue now; tests drain it themselves instead. */
  runJobs: boolean;
}

/** The blob store of original files and the job runner that reads them. */
export default fp<ServicesOptions>(
  async (app, options) => {
    const blobs = new BlobStore(options.blobDir);
    const jobs = new JobRunner(
      app.db,
      {
        'statement.parse': (job) =>
          runParseJob({ db: app.db, blobs, now: app.now }, String(job.payload.statementId)),
        'statement.calculate': (job) =>
          runCalculationJob({ db: app.db, blobs, now: app.now }, String(job.payload.statementId)),
      },
      app.now,
      (message, detail) => app.log.error(detail, message),
    );
    app.decorate('blobs', blobs);
    app.decorate('jobs', jobs);
    if (options.runJobs) {
      await jobs.start();
      app.addHook('onClose', () => jobs.stop());
    }
  },
  { name: 'services', dependencies: ['database'] },
);
