import { showToast } from '@rec/stores';
import { Button, Loading } from '@rec/ui';
import { createElement, useEffect, useState } from 'react';
import { api } from '../../../api';
import { useT } from '../../../i18n';
import { useTitle } from '../../../title';
import { BoardFeedsSection } from './BoardFeedsSection';

interface EmbedTargets {
  companyId: string;
  /** The platform's address: the boards' job feeds live under it. */
  publicUrl: string;
  widgetsUrl: string;
  boards: Array<{ id: string; name: string }>;
  offers: Array<{ channelId: string; postingId: string }>;
}

interface Snippet {
  id: 'board' | 'offer' | 'referral';
  tag: 'rec-board' | 'rec-offer' | 'rec-referral';
  attributes: Record<string, string>;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const snippetText = (widgetsUrl: string, snippet: Snippet) =>
  `<script type="module" src="${escapeAttribute(widgetsUrl)}"></script>\n<${snippet.tag}${Object.entries(snippet.attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('')}></${snippet.tag}>`;

/**
 * settings_new/test: the company's real snippets for its career site (a board, an offer, the
 * referral element), each with a copy button and a live preview: the very elements the snippet
 * defines, mounted here (the host already loads the widget bundle).
 */
export default function EmbedTesterPage() {
  const t = useT();
  const heading = t('settingsNav.pages.test');
  useTitle(heading);
  const [targets, setTargets] = useState<EmbedTargets | null>(null);
  const [board, setBoard] = useState('');
  const [offer, setOffer] = useState('');
  useEffect(() => {
    api.get<EmbedTargets>('/v2/companies/settings/embed').then((found) => {
      setTargets(found);
      setBoard(found.boards[0]?.id ?? '');
      setOffer(found.offers[0]?.channelId ?? '');
    }, () => showToast({ tone: 'error', title: 'genericErrorTitle' }));
  }, []);
  if (!targets) return <Loading label={t('settingsNav.loading')} />;

  const snippets: Snippet[] = [
    ...(board ? [{ id: 'board' as const, tag: 'rec-board' as const, attributes: { 'board-id': board } }] : []),
    ...(offer ? [{ id: 'offer' as const, tag: 'rec-offer' as const, attributes: { 'channel-id': offer, embedded: 'applyWithOptions' } }] : []),
    { id: 'referral', tag: 'rec-referral', attributes: { 'company-id': targets.companyId, ...(offer ? { 'channel-id': offer } : {}) } },
  ];

  async function copy(text: string, copiedKey = 'embedTester.copied') {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ tone: 'success', title: copiedKey });
    } catch {
      showToast({ tone: 'error', title: 'embedTester.copyFailed' });
    }
  }

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{heading}</h1>
      <p>{t('embedTester.intro')}</p>
      <div className="settings-section settings-form">
        {targets.boards.length ? (
          <label>
            {t('embedTester.board')}
            <select value={board} onChange={(event) => setBoard(event.currentTarget.value)}>
              {targets.boards.map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {entry.name}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <p>{t('embedTester.noBoard')}</p>
        )}
        {targets.offers.length ? (
          <label>
            {t('embedTester.offer')}
            <select value={offer} onChange={(event) => setOffer(event.currentTarget.value)}>
              {targets.offers.map((entry, index) => (
                <option key={entry.channelId} value={entry.channelId}>
                  {t('embedTester.offerOption', { position: index + 1, id: entry.postingId })}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <p>{t('embedTester.noOffer')}</p>
        )}
      </div>
      {board ? <BoardFeedsSection publicUrl={targets.publicUrl} boardId={board} onCopy={copy} /> : null}
      {snippets.map((snippet) => {
        const text = snippetText(targets.widgetsUrl, snippet);
        return (
          <section key={snippet.id} className="settings-section" aria-labelledby={`embed-${snippet.id}`}>
            <h2 id={`embed-${snippet.id}`}>{t(`embedTester.snippets.${snippet.id}`)}</h2>
            <pre className="snippet">
              <code>{text}</code>
            </pre>
            <div className="settings-actions">
              <Button variant="secondary" onClick={() => copy(text)} aria-label={t('embedTester.copyOf', { name: t(`embedTester.snippets.${snippet.id}`) })}>
                {t('embedTester.copy')}
              </Button>
            </div>
            <h3>{t('embedTester.preview')}</h3>
            <div className="embed-preview">{createElement(snippet.tag, { key: JSON.stringify(snippet.attributes), ...snippet.attributes })}</div>
          </section>
        );
      })}
    </section>
  );
}
