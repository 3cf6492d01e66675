// The classification of database errors, on the shapes pg and Prisma's driver adapter give them (copied
// from errors a real PostgreSQL 15 raised through each: test/failover/postgres-promotion.test.ts raises them again).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { isBackendUnavailable, isDatabaseUnavailable, isReadOnlyError } from './backend-unavailable.ts';
import { Prisma } from './generated/client.ts';

/** An error PostgreSQL sent, as pg raises it. */
function pgError(code: string, message: string, severity = 'ERROR'): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  Object.assign(error, { code, severity });
  return error;
}

/** The same through Prisma: a known request error keeping the adapter's conversion under meta. */
function prismaError(code: string, message: string, prismaCode = 'P2039', severity = 'ERROR') {
  return new Prisma.PrismaClientKnownRequestError(`Database error. Code: \`${code}\`. Message: \`${message}\``, {
    code: prismaCode,
    clientVersion: '7.10.0',
    meta: {
      modelName: 'Team',
      driverAdapterError: {
        name: 'DriverAdapterError',
        cause: { originalCode: code, originalMessage: message, kind: 'postgres', code, severity, message },
      },
    },
  });
}

/** Prisma's error for a socket error pg raised (no SQLSTATE: the adapter's kind says it). */
function prismaSocketError(prismaCode: string, cause: Record<string, unknown>) {
  return new Prisma.PrismaClientKnownRequestError("Can't reach database server at 127.0.0.1:5432", {
    code: prismaCode,
    clientVersion: '7.10.0',
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause } },
  });
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect' });
}

const UNAVAILABLE_STATES: Array<[string, string, string?]> = [
  ['25006', 'cannot execute INSERT in a read-only transaction'],
  ['57P01', 'terminating connection due to administrator command', 'FATAL'],
  ['57P02', 'terminating connection due to crash of another server process', 'FATAL'],
  ['57P03', 'the database system is starting up', 'FATAL'],
  ['08006', 'connection failure', 'FATAL'],
  ['08001', 'could not connect', 'FATAL'],
  ['08P01', 'protocol violation', 'FATAL'],
  ['53300', 'sorry, too many clients already', 'FATAL'],
];

for (const [code, message, severity] of UNAVAILABLE_STATES) {
  test(`SQLSTATE ${code} is the database unavailable, through pg and through Prisma (model and raw query)`, () => {
    assert.equal(isDatabaseUnavailable(pgError(code, message, severity)), true);
    assert.equal(isDatabaseUnavailable(prismaError(code, message, 'P2039', severity)), true);
    assert.equal(isDatabaseUnavailable(prismaError(code, message, 'P2010', severity)), true);
    assert.equal(isBackendUnavailable(prismaError(code, message)), true);
    // Wrapped once more, as a caller's own error with a cause.
    assert.equal(isDatabaseUnavailable(new Error('claim failed', { cause: pgError(code, message) })), true);
  });
}

test('statements PostgreSQL refused for what they are stay errors (a 409, a 422 or a 500, not a 503)', () => {
  for (const [code, message] of [
    ['23505', 'duplicate key value violates unique constraint "tests_pkey"'],
    ['23514', 'new row for relation "teams" violates check constraint "credits_balance_nonnegative"'],
    ['42P01', 'relation "nope" does not exist'],
    ['40001', 'could not serialize access due to concurrent update'],
    ['57014', 'canceling statement due to statement timeout'],
  ] as const) {
    assert.equal(isDatabaseUnavailable(pgError(code, message)), false, code);
    assert.equal(isDatabaseUnavailable(prismaError(code, message)), false, code);
    assert.equal(isBackendUnavailable(prismaError(code, message)), false, code);
  }
  assert.equal(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')")), false);
  assert.equal(isDatabaseUnavailable(undefined), false);
  assert.equal(isDatabaseUnavailable('Connection terminated'), false, 'a string is not an error');
});

test("Prisma's codes for a database out of reach, with the adapter's kinds", () => {
  for (const [prismaCode, kind] of [
    ['P1001', 'DatabaseNotReachable'],
    ['P1008', 'SocketTimeout'],
    ['P1017', 'ConnectionClosed'],
    ['P2037', 'TooManyConnections'],
  ] as const) {
    assert.equal(isDatabaseUnavailable(prismaSocketError(prismaCode, { kind })), true, prismaCode);
    // A raw query reports the same as P2010 ("Raw query failed"): the adapter's kind still says it.
    assert.equal(isDatabaseUnavailable(prismaSocketError('P2010', { kind })), true, `P2010 ${kind}`);
  }
  const timedOut = new Prisma.PrismaClientKnownRequestError('Timed out fetching a new connection from the pool', {
    code: 'P2024',
    clientVersion: '7.10.0',
  });
  assert.equal(isDatabaseUnavailable(timedOut), true);
  // An interactive transaction the database was too busy for: it never started, or ran out of its time.
  for (const message of [
    'Transaction API error: Unable to start a transaction in the given time.',
    'Transaction already closed: A query cannot be executed on an expired transaction. The timeout for this transaction was 15000 ms, however 15210 ms passed since the start of the transaction.',
    'Transaction already closed: A commit cannot be executed on an expired transaction. The timeout for this transaction was 15000 ms, however 15002 ms passed since the start of the transaction.',
  ]) {
    const busy = new Prisma.PrismaClientKnownRequestError(message, { code: 'P2028', clientVersion: '7.10.0' });
    assert.equal(isDatabaseUnavailable(busy), true, message);
  }
  // A transaction used after it ended is our mistake, not the database's.
  const misused = new Prisma.PrismaClientKnownRequestError('Transaction API error: Transaction not found.', {
    code: 'P2028',
    clientVersion: '7.10.0',
  });
  assert.equal(isDatabaseUnavailable(misused), false);
});

test("pg's errors without a SQLSTATE: a socket closed under a query, a checkout that timed out", () => {
  assert.equal(isDatabaseUnavailable(new Error('Connection terminated unexpectedly')), true);
  assert.equal(isDatabaseUnavailable(new Error('Connection terminated due to connection timeout')), true);
  assert.equal(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect')), true);
  assert.equal(
    isDatabaseUnavailable(new Error('Client has encountered a connection error and is not queryable')),
    true,
  );
  // Prisma keeps pg's message when the adapter could not convert the error.
  const unknown = new Prisma.PrismaClientUnknownRequestError('Connection terminated unexpectedly', {
    clientVersion: '7.10.0',
  });
  assert.equal(isDatabaseUnavailable(unknown), true);
});

test('a bare socket error is a backend out of reach (503) but not, by itself, the database (it may be the storage)', () => {
  for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']) {
    assert.equal(isBackendUnavailable(socketError(code)), true, code);
    assert.equal(isDatabaseUnavailable(socketError(code)), false, code);
  }
});

test("ioredis's errors on a connection without an offline queue are a backend out of reach, not the database", () => {
  for (const message of [
    "Stream isn't writeable and enableOfflineQueue options is false",
    'Connection is closed.',
    'Reached the max retries per request limit (which is 1). Refer to "maxRetriesPerRequest" option for details.',
  ]) {
    assert.equal(isBackendUnavailable(new Error(message)), true, message);
    assert.equal(isDatabaseUnavailable(new Error(message)), false, message);
  }
  assert.equal(isBackendUnavailable(new Error("ERR wrong number of arguments for 'set' command")), false);
});

test('read-only is told apart: SQLSTATE 25006 in any wrapping, or only its message', () => {
  assert.equal(isReadOnlyError(pgError('25006', 'cannot execute UPDATE in a read-only transaction')), true);
  assert.equal(isReadOnlyError(prismaError('25006', 'cannot execute INSERT in a read-only transaction')), true);
  assert.equal(isReadOnlyError(new Error('cannot execute DELETE in a read-only transaction')), true);
  assert.equal(isReadOnlyError(pgError('57P01', 'terminating connection due to administrator command')), false);
  assert.equal(isReadOnlyError(socketError('ECONNRESET')), false);
});
