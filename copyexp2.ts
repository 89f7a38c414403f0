import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create({ dataDir: process.argv[2] });
console.log((await db.query(`select schemaname, tablename from pg_tables where tablename like 'statement%'`)).rows);
