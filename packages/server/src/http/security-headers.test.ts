import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { DEMO, DEMO_PREFIX, demoId } from '../seed/demo-ids';
import { COLOR_PICKER_STYLE_HASH, htmlSecurityHeaders } from './security-headers';
import { describeEachBackend, testAppConfig } from '../testing/test-database';

const FILES: Record<string, string> = {
  'host/index.html': '<!doctype html><html lang="en"><head><title>Host</title></head><body><div id="root"></div></body></html>',
  'host/demo/career-site.html': '<!doctype html><title>Career site</title>',
};

/** One page per class, as a browser asks for it. */
const BACK_OFFICE = ['/recruiter/openings', '/recruiter/settings/myaccount', '/admin', '/account-select'];
const SIGN_IN = ['/login', '/login/recruiter', '/login/token/abc', '/reset/abc', '/invite/abc'];
const APPLICANT = ['/applicant/steps/next', '/applicant/steps/application-form', '/applicant/candidatures', '/applicant/steps/interviewer'];
const INTERVIEW = ['/applicant/steps/interview', '/applicant/steps/interview/intro', '/applicant/steps/interview/recording?x=1'];
const EMBEDDABLE = [`/board/${DEMO.boardId}`, '/offer/message', '/offer/branding/preview/inputs', `/referral/${DEMO.companyId}/generate`];
/** Pages that may host <rec-applicant-steps> after applying (the video interview inline). */
const STEPS_HOSTS = [`/offer/c/${DEMO.sampleChannelId}?language=fr`, `/offer/c/${DEMO.sampleChannelId}/`, `/offer/${demoId(DEMO_PREFIX.posting, 1)}`, '/share/lumen-embedded'];

describeEachBackend('security headers of HTML pages', (context) => {
  let distDir = '';
  let app: FastifyInstance;
  before(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'rec-dist-'));
    for (const [file, content] of Object.entries(FILES)) {
      mkdirSync(dirname(join(distDir, file)), { recursive: true });
      writeFileSync(join(distDir, file), content);
    }
    app = await buildApp({ db: context.db, config: testAppConfig({ distDir }), logger: false });
  });
  after(async () => {
    await app.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  async function page(url: string) {
    const response = await app.inject({ url, headers: { accept: 'text/html' } });
    assert.equal(response.statusCode, 200, `${url}: ${response.body.slice(0, 200)}`);
    assert.match(String(response.headers['content-type']), /^text\/html/, url);
    const csp = String(response.headers['content-security-policy'] ?? '');
    assert.match(csp, /default-src 'self'/, `${url} has a CSP`);
    assert.match(csp, /object-src 'none'/, url);
    assert.equal(response.headers['referrer-policy'], 'strict-origin-when-cross-origin', url);
    return { csp, permissions: String(response.headers['permissions-policy'] ?? ''), frameOptions: response.headers['x-frame-options'] };
  }

  it('back-office, sign-in and applicant pages cannot be framed and get no camera or microphone', async () => {
    for (const url of [...BACK_OFFICE, ...SIGN_IN, ...APPLICANT]) {
      const { csp, permissions, frameOptions } = await page(url);
      assert.match(csp, /frame-ancestors 'none'/, url);
      assert.equal(frameOptions, 'DENY', url);
      assert.match(permissions, /camera=\(\)/, url);
      assert.match(permissions, /microphone=\(\)/, url);
    }
  });

  it('the interview step pages may use camera and microphone, and cannot be framed', async () => {
    for (const url of INTERVIEW) {
      const { csp, permissions } = await page(url);
      assert.match(csp, /frame-ancestors 'none'/, url);
      assert.match(permissions, /camera=\(self\)/, url);
      assert.match(permissions, /microphone=\(self\)/, url);
      assert.match(permissions, /geolocation=\(\)/, url);
    }
  });

  it('public board, referral and message pages stay frameable by career sites and get no camera or microphone', async () => {
    for (const url of EMBEDDABLE) {
      const { csp, permissions, frameOptions } = await page(url);
      assert.doesNotMatch(csp, /frame-ancestors/, url);
      assert.equal(frameOptions, undefined, url);
      assert.match(permissions, /camera=\(\)/, url);
      assert.match(permissions, /microphone=\(\)/, url);
    }
  });

  it('our own offer and share pages, which host the steps after applying, allow camera and microphone for our origin and stay frameable', async () => {
    for (const url of STEPS_HOSTS) {
      const { csp, permissions, frameOptions } = await page(url);
      assert.doesNotMatch(csp, /frame-ancestors/, url);
      assert.equal(frameOptions, undefined, url);
      assert.match(permissions, /camera=\(self\)/, url);
      assert.match(permissions, /microphone=\(self\)/, url);
      assert.match(permissions, /geolocation=\(\)/, url);
    }
  });

  it('the demo career site stays frameable and, as the company site embedding the steps, allows its own camera and microphone', async () => {
    const { csp, permissions, frameOptions } = await page('/demo/career-site.html?offer=x');
    assert.doesNotMatch(csp, /frame-ancestors/);
    assert.equal(frameOptions, undefined);
    assert.match(permissions, /camera=\(self\)/);
    assert.match(permissions, /microphone=\(self\)/);
    assert.match(permissions, /geolocation=\(\)/);
  });

  it('a page with its own policy (the dev outbox and its inline stylesheet) keeps it, still unframeable', async () => {
    const response = await app.inject({ url: '/dev/outbox', headers: { accept: 'text/html' } });
    assert.equal(response.statusCode, 200);
    const csp = String(response.headers['content-security-policy']);
    assert.match(csp, /style-src 'unsafe-inline'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(response.headers['x-frame-options'], 'DENY');
  });

  it('API answers keep nosniff and carry no page policy', async () => {
    const response = await app.inject({ url: `/v2/boards/${DEMO.boardId}` });
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.equal(response.headers['content-security-policy'], undefined);
  });
});

describeEachBackend('Strict-Transport-Security (issue 24, L8)', (context) => {
  it('is sent on every answer when PUBLIC_URL is https, and not over plain http', async () => {
    const secure = await buildApp({ db: context.db, config: testAppConfig({ publicUrl: 'https://rec.example' }), logger: false });
    const plain = await buildApp({ db: context.db, config: testAppConfig({ publicUrl: 'http://rec.test' }), logger: false });
    try {
      for (const url of ['/v2/boards/000000000000000000000000', `/v2/boards/${DEMO.boardId}`, '/openapi.json']) {
        assert.equal((await secure.inject({ url })).headers['strict-transport-security'], 'max-age=31536000', url);
        assert.equal((await plain.inject({ url })).headers['strict-transport-security'], undefined, url);
      }
    } finally {
      await secure.close();
      await plain.close();
    }
  });
});

it("allows exactly the colour picker's own stylesheet, by the hash of what the installed react-colorful appends", () => {
  // The library appends `<style>` with this text (its minified source holds it as one string literal).
  const source = readFileSync(createRequire(import.meta.url).resolve('react-colorful'), 'utf8');
  const literal = /\.innerHTML='((?:[^'\\]|\\.)*)'/.exec(source)?.[1];
  assert.ok(literal, 'react-colorful still appends one stylesheet through innerHTML');
  const css = literal.replace(/\\(.)/g, '$1');
  assert.match(css, /^\.react-colorful\{/);
  const hash = `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
  assert.equal(COLOR_PICKER_STYLE_HASH, hash, `react-colorful's stylesheet changed: set COLOR_PICKER_STYLE_HASH to ${hash}`);
  const csp = htmlSecurityHeaders('private')['content-security-policy'] ?? '';
  assert.match(csp, new RegExp(`style-src 'self' ${hash.replace(/[+/]/g, '\\$&')}(;|$)`));
  assert.doesNotMatch(csp, /unsafe-inline/);
});
