/**
 * Mail domains shared by the public: no company may claim them for its IdP (every gmail.com user
 * would otherwise be offered that company's sign-in). Not exhaustive: the common ones.
 */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  't-online.de',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'wanadoo.fr',
  'libero.it',
  'wp.pl',
  'onet.pl',
  'o2.pl',
  'sapo.pt',
  'yandex.com',
  'mail.com',
]);
