import { type Kysely, sql } from 'kysely';

/**
 * Issue 9, item 3: text shown inside translated pages must be translatable.
 *
 * - Boards get their name per language (`names`, jsonb `{ "fr": "…", "de": "…" }`), like offer
 *   titles; existing boards start with their one name in their own language, and `name` stays the
 *   fallback.
 * - Contracts become codes (packages/core CONTRACT_TYPES): the words recruiters and the seed
 *   stored ("CDI", "Alternance", "Befristet", …) are converted on openings and posting contents.
 *   A word not recognised is left as it was: the API shows no contract for it rather than a raw
 *   word, and the recruiter picks a code the next time the opening is edited.
 */

/** Stored words per code, in the nine languages and their usual variants (compared case-insensitively). */
export const CONTRACT_WORDS: Record<string, readonly string[]> = {
  permanent: [
    'permanent', 'CDI', 'Contrat à durée indéterminée', 'Permanent contract', 'Unbefristet', 'Festanstellung', 'Unbefristeter Vertrag',
    'Onbefristte Kontrakt', 'Vast contract', 'Vaste aanstelling', 'Indefinido', 'Contrato indefinido', 'Tempo indeterminato',
    'Sem termo', 'Contrato sem termo', 'Umowa na czas nieokreślony', 'Umowa o pracę',
  ],
  'fixed-term': [
    'fixed-term', 'fixedTerm', 'CDD', 'Contrat à durée déterminée', 'Fixed term', 'Fixed-term contract', 'Befristet', 'Befristeter Vertrag',
    'Befristte Kontrakt', 'Tijdelijk contract', 'Bepaalde tijd', 'Temporal', 'Contrato temporal', 'Tempo determinato', 'A termo',
    'Contrato a termo', 'Umowa na czas określony',
  ],
  temporary: ['temporary', 'Intérim', 'Interim', 'Temporary work', 'Zeitarbeit', 'Leiharbeit', 'Uitzendwerk', 'Interinato', 'Trabalho temporário', 'Praca tymczasowa'],
  'part-time': ['part-time', 'Part time', 'Temps partiel', 'Teilzeit', 'Deeltijds', 'Deeltijd', 'Tiempo parcial', 'Tempo parziale', 'Meio período', 'Tempo parcial', 'Niepełny etat'],
  apprenticeship: [
    'apprenticeship', 'Alternance', 'Apprentissage', 'Ausbildung', 'Léier', 'Leercontract', 'Formación dual', 'Apprendistato',
    'Aprendizagem', 'Praktyka zawodowa',
  ],
  internship: ['internship', 'Stage', 'Praktikum', 'Prácticas', 'Tirocinio', 'Estágio', 'Staż', 'Stagiair'],
  freelance: ['freelance', 'Freelancer', 'Freiberuflich', 'Indépendant', 'Freelance contract', 'Autónomo', 'Libero professionista', 'Trabalhador independente', 'Zzp'],
  volunteer: ['volunteer', 'Bénévolat', 'Ehrenamt', 'Ehrenamtlich', 'Vrijwilliger', 'Voluntariado', 'Volontariato', 'Wolontariat'],
};

function wordsTable() {
  const rows = Object.entries(CONTRACT_WORDS).flatMap(([code, words]) => words.map((word) => sql`(${word}, ${code})`));
  return sql`(values ${sql.join(rows)}) as m(word, code)`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('boards')
    .addColumn('names', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await sql`update boards set names = jsonb_build_object(language, name)`.execute(db);

  // lower() on both sides: the database's own case folding, whatever its collation.
  await sql`update openings o set contract = m.code from ${wordsTable()}
    where lower(btrim(o.contract)) = lower(m.word::text)`.execute(db);
  await sql`update posting_contents pc set contract = m.code from ${wordsTable()}
    where lower(btrim(pc.contract)) = lower(m.word::text)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The codes stay: going back to one word per language cannot be told from a code.
  await db.schema.alterTable('boards').dropColumn('names').execute();
}
