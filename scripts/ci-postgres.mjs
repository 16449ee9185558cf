// CI helper: when a PostgreSQL server answers on 127.0.0.1:5432, create a fresh database for
// this run and print its URL; print nothing when none answers. `drop NAME-URL` removes it again.
import pg from 'pg';

const ADMIN = process.env.CI_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const [, , command, target] = process.argv;

const admin = new pg.Client({ connectionString: ADMIN, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch {
  process.exit(0);
}
try {
  if (command === 'drop' && target) {
    const name = new URL(target).pathname.slice(1);
    if (/^digitic_ci_[a-z0-9_]+$/.test(name)) await admin.query(`drop database if exists ${name} with (force)`);
  } else {
    const name = `digitic_ci_${Date.now().toString(36)}_${process.pid}`;
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN);
    url.pathname = `/${name}`;
    console.log(url.toString());
  }
} finally {
  await admin.end();
}
