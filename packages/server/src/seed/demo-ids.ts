/**
 * Fixed ids of the demo data, so the static demo page, the host app's examples and the tests can
 * name them, and so seeding twice inserts nothing new.
 *
 * Scheme: an 8-hex prefix per table, then the row's number in 16 hex digits
 * (`demoId(DEMO_PREFIX.channel, 0x51)` is `64b0c4a10000000000000051`). A posting, its opening and
 * its board channel share the same number.
 */
export const DEMO_PREFIX = {
  opening: '64b00e1e',
  posting: '64b0905e',
  channel: '64b0c4a1',
} as const;

export function demoId(prefix: string, n: number): string {
  return prefix + n.toString(16).padStart(16, '0');
}

export const DEMO = {
  /** Lumen Robotics: the demo company (French board, offers in several languages). */
  companyId: '64b0c0de0000000000000001',
  companyName: 'Lumen Robotics',
  companySlug: 'lumen',
  boardId: '64b0b0a4d000000000000001',
  boardName: 'Carrières Lumen Robotics',
  boardLanguage: 'fr',
  /** An open offer on the demo board (Embedded Software Engineer), through its BOARD channel. */
  sampleChannelId: '64b0c4a10000000000000001',
  /** The same offer reached through a SHARE channel. */
  shareChannelId: '64b0c4a10000000000001001',
  /** The demo board's spontaneous application offer (never listed among the offers). */
  spontaneousChannelId: '64b0c4a10000000000000050',
  /** A board channel whose opening is ARCHIVED: the offer answers 410. */
  closedChannelId: '64b0c4a10000000000000051',
  /** A board channel whose posting is CLOSED (opening still published): also 410. */
  closedPostingChannelId: '64b0c4a10000000000000052',

  /** Nordwind Logistik: a second tenant with a German board, for isolation checks. */
  otherCompanyId: '64b0c0de0000000000000002',
  otherCompanyName: 'Nordwind Logistik',
  otherCompanySlug: 'nordwind',
  otherBoardId: '64b0b0a4d000000000000002',
  otherBoardName: 'Karriere bei Nordwind Logistik',
  otherBoardLanguage: 'de',
  /** An open offer on the Nordwind board. */
  otherSampleChannelId: '64b0c4a10000000000000101',
} as const;
