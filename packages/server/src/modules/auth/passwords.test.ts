import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPasswordHasher, DEFAULT_SCRYPT, hashPassword, parsePasswordHash, verifyPassword } from './passwords';

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };

describe('passwords (scrypt)', () => {
  it('stores a self-describing string with a 16-byte salt', async () => {
    const stored = await hashPassword('correct horse battery', CHEAP);
    assert.match(stored, /^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    assert.notEqual(stored, await hashPassword('correct horse battery', CHEAP), 'salted');
    assert.deepEqual(parsePasswordHash(stored)?.params, CHEAP);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse battery', CHEAP);
    assert.equal(await verifyPassword('correct horse battery', stored), true);
    assert.equal(await verifyPassword('correct horse batterY', stored), false);
    assert.equal(await verifyPassword('', stored), false);
  });

  it('refuses unreadable or dangerous stored strings instead of throwing', async () => {
    for (const stored of ['', 'plain', 'scrypt$1024$8$1$c2FsdA$', 'scrypt$1000$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA', `scrypt$${2 ** 24}$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA`, 'bcrypt$x$y$z$a$b']) {
      assert.equal(await verifyPassword('x', stored), false, stored);
    }
  });

  it('uses N=2^17, r=8, p=1 by default', () => {
    assert.deepEqual(DEFAULT_SCRYPT, { N: 131072, r: 8, p: 1 });
    assert.deepEqual(createPasswordHasher().params, DEFAULT_SCRYPT);
  });

  it('verifies unknown accounts against a dummy hash (always false)', async () => {
    const hasher = createPasswordHasher(CHEAP);
    assert.equal(await hasher.verifyDummy('anything'), false);
  });
});
