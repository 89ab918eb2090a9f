import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONTRACT_TYPES } from '@rec/core';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { testBackends, withTestDatabase } from '../testing/test-database';
import { newId } from './ids';
import { migrateToLatest } from './migrate';
import { MIGRATIONS } from './migrations';
import { CONTRACT_WORDS } from './migrations/0007-board-names-contract-codes';
import type { Database } from './schema';

/** The database as it was before 0007: boards with one name, contracts stored as words. */
async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } }).migrateTo(name);
  if (error) throw error;
}

describe('CONTRACT_WORDS', () => {
  it('maps every word to one code of CONTRACT_TYPES and every code has words', () => {
    const seen = new Map<string, string>();
    for (const [code, words] of Object.entries(CONTRACT_WORDS)) {
      assert.ok((CONTRACT_TYPES as readonly string[]).includes(code), code);
      assert.ok(words.length > 0, code);
      for (const word of words) {
        const key = word.toLowerCase();
        assert.equal(seen.get(key) ?? code, code, `"${word}" maps to ${seen.get(key)} and ${code}`);
        seen.set(key, code);
      }
    }
    assert.deepEqual(Object.keys(CONTRACT_WORDS).sort(), [...CONTRACT_TYPES].sort());
  });
});

for (const backend of testBackends()) {
  describe(`migration 0007: board names per language, contract codes [${backend.name}]`, () => {
    it('gives boards their name in their language and turns stored contract words into codes', () =>
      withTestDatabase(
        backend,
        async ({ db }) => {
          await migrateTo(db, '0004-openings');
          const company = newId();
          const board = newId();
          await db.insertInto('companies').values({ id: company, name: 'Acme', slug: `acme-${company}` }).execute();
          await sql`insert into boards (id, company_id, name, language) values (${board}, ${company}, 'Carrières Acme', 'fr')`.execute(db);
          const words: Array<[string | null, string | null]> = [
            ['CDI', 'permanent'],
            [' alternance ', 'apprenticeship'],
            ['Befristet', 'fixed-term'],
            ['Umowa na czas nieokreślony', 'permanent'],
            ['Prácticas', 'internship'],
            ['Stage', 'internship'],
            ['Mi-temps annualisé', 'Mi-temps annualisé'],
            [null, null],
          ];
          const openings = words.map(([word]) => ({ id: newId(), company_id: company, title: `Job ${word}`, contract: word }));
          await db.insertInto('openings').values(openings).execute();
          const posting = newId();
          await db
            .insertInto('postings')
            .values({ id: posting, company_id: company, opening_id: openings[0]?.id ?? '', language: 'fr', published_at: '2026-10-01T08:00:00Z' })
            .execute();
          await db
            .insertInto('posting_contents')
            .values([
              { posting_id: posting, company_id: company, language: 'fr', title: 'Poste', description: '', location: 'Paris', contract: 'CDD' },
              { posting_id: posting, company_id: company, language: 'en', title: 'Job', description: '', location: 'Paris', contract: 'Fixed-term' },
            ])
            .execute();

          await migrateToLatest(db);

          const names = await db.selectFrom('boards').select(['name', 'names']).where('id', '=', board).executeTakeFirstOrThrow();
          assert.deepEqual(names, { name: 'Carrières Acme', names: { fr: 'Carrières Acme' } });
          const stored = await db.selectFrom('openings').select(['id', 'contract']).where('company_id', '=', company).execute();
          const byId = new Map(stored.map((row) => [row.id, row.contract]));
          for (const [index, [word, code]] of words.entries()) assert.equal(byId.get(openings[index]?.id ?? ''), code, String(word));
          const contents = await db.selectFrom('posting_contents').select(['language', 'contract']).where('posting_id', '=', posting).orderBy('language').execute();
          assert.deepEqual(contents, [
            { language: 'en', contract: 'fixed-term' },
            { language: 'fr', contract: 'fixed-term' },
          ]);
        },
        { empty: true },
      ));
  });
}
