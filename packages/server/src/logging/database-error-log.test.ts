import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { DEMO } from '../seed/demo-ids';
import { uploadCv } from '../testing/candidate';
import { describeEachBackend, testAppConfig } from '../testing/test-database';
import { loggerOptions } from './logger-options';

/**
 * Finding 4: a request that fails at the database must not leave the personal data it carried
 * (bound parameters, the failing row in `detail`) in the error log.
 */
describeEachBackend('the log of a request that fails at the database', (context) => {
  it('holds the failure (code, constraint, table) but none of the candidate’s data', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      db: context.db,
      config: testAppConfig(),
      logger: loggerOptions({ nodeEnv: 'test', logLevel: 'info' }, { stream: { write: (line) => lines.push(line) } }),
    });
    // Every new candidate row is now refused by the database, as a real fault would.
    await sql`alter table candidates add constraint test_refuses_every_row check (false) not valid`.execute(context.db);
    try {
      const cv = await uploadCv(app);
      const person = { firstName: 'Zéphyrine', lastName: 'Quaglieri-Obst', email: 'zephyrine.quaglieri@private-mail.example', phone: '+352 621 987 654' };
      const response = await app.inject({
        method: 'POST',
        url: `/v2/offers/channel/${DEMO.sampleChannelId}/applications`,
        headers: { cookie: 'rec_session=session-secret-value-123', authorization: 'Bearer bearer-secret-value-456' },
        payload: { submissionId: 'log-test-1', ...person, birthDate: '21/04/1994', cv: { url: cv.url, name: cv.name }, gdprConsent: true },
      });
      assert.equal(response.statusCode, 500, response.body);
      assert.doesNotMatch(response.body, /Zéphyrine|Quaglieri|private-mail/);

      const log = lines.join('');
      const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request failed');
      assert.ok(failure, `the failure is logged: ${log}`);
      assert.equal(failure.err.code, '23514', 'the SQLSTATE stays');
      assert.equal(failure.err.constraint, 'test_refuses_every_row', 'the constraint stays');
      assert.equal(failure.err.table, 'candidates');
      assert.equal(failure.req.url, `/v2/offers/channel/${DEMO.sampleChannelId}/applications`, 'the failure names its request');
      // The access log (default settings): the 500 gets its line, with the same request id; no "incoming request" lines.
      const completed = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'request completed' && entry.res?.statusCode === 500);
      assert.equal(completed?.access, 'error');
      assert.equal(completed?.reqId, failure.reqId);
      assert.doesNotMatch(log, /incoming request/);
      for (const secret of [...Object.values(person), 'zephyrine', '621 987', 'session-secret-value-123', 'bearer-secret-value-456', '1994']) {
        assert.ok(!log.toLowerCase().includes(secret.toLowerCase()), `"${secret}" must not be in the log:\n${log}`);
      }
    } finally {
      await sql`alter table candidates drop constraint test_refuses_every_row`.execute(context.db);
      await app.close();
    }
  });
});
