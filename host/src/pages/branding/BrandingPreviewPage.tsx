import { fetchCompanySettings } from '@rec/api-client';
import type { Brand, Locale, Theme } from '@rec/core';
import { useEffect, useMemo, useState } from 'react';
import { styleAdopter } from '../../adopt-styles';
import { $locale, api } from '../../api';
import { useT } from '../../i18n';
import { useTitle } from '../../title';
import { useStore } from '../../use-store';
import { BrandPanel } from './BrandPanel';
import { linkWithBrand, resolveBrand, type ShownBrand } from './brand-source';
import css from './branding-page.css';
import { PREVIEW_CONTENT, PreviewCanvas, type PreviewSlug } from './previews';

const adoptStyles = styleAdopter(css);

const SLUGS = Object.keys(PREVIEW_CONTENT) as PreviewSlug[];

/** The public theme of a company (issue 16, `{ theme: Theme }`): what its widgets show. */
const companyTheme = (companyId: string) => api.get<{ theme: Theme }>(`/v2/companies/${encodeURIComponent(companyId)}/theme`);

/**
 * /offer/branding/preview/{slug}: one of the eight previews (spec §2) under a brand (see
 * brand-source.ts for which), with the brand panel that tries values without saving them and
 * keeps them in the link, and links to the seven other previews carrying the same brand.
 */
export function BrandingPreviewPage({ slug, query }: { slug: PreviewSlug; query: URLSearchParams }) {
  adoptStyles();
  const t = useT();
  const locale = useStore($locale) as Locale;
  const [shown, setShown] = useState<ShownBrand | null>(null);
  const [brand, setBrand] = useState<Brand>({});
  /** Whether the link carries the brand (it came with it, or the panel changed it). */
  const [inLink, setInLink] = useState(false);
  const title = t(`brandingPreview.previews.${slug}.title`);
  useTitle(title);

  useEffect(() => {
    let live = true;
    void resolveBrand(query, { companyTheme, companySettings: () => fetchCompanySettings(api) }).then((found) => {
      if (!live) return;
      setShown(found);
      setBrand(found.brand);
      setInLink(found.origin === 'link');
    });
    return () => {
      live = false;
    };
  }, [query]);

  // The trial brand goes into the address (replaced, not a new history entry per keystroke; no
  // re-render of the route either), so reloading or sharing the link shows the same brand.
  useEffect(() => {
    if (!shown) return;
    const href = linkWithBrand(location.href, inLink ? brand : null);
    if (href !== location.href) history.replaceState(history.state, '', href);
  }, [shown, brand, inLink]);

  const change = (next: Brand) => {
    setBrand(next);
    setInLink(true);
  };
  const reset = () => {
    if (!shown) return;
    setBrand(shown.brand);
    setInLink(shown.origin === 'link');
  };

  const search = useMemo(() => {
    const params = new URLSearchParams(query);
    params.delete('brand');
    const link = new URL(linkWithBrand(`${location.origin}/?${params}`, inLink ? brand : null));
    return link.search;
  }, [query, brand, inLink]);

  const Content = PREVIEW_CONTENT[slug];
  return (
    <div className="branding-preview">
      <h1>{title}</h1>
      <p className="bp-intro">{t(`brandingPreview.previews.${slug}.intro`)}</p>
      <nav className="bp-nav" aria-label={t('brandingPreview.navLabel')}>
        <ul>
          {SLUGS.map((other) => (
            <li key={other}>
              <a href={`/offer/branding/preview/${other}${search}`} aria-current={other === slug ? 'page' : undefined}>
                {t(`brandingPreview.previews.${other}.title`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {shown ? (
        <div className="bp-layout">
          <div className="bp-side">
            <p className="bp-origin" data-origin={shown.origin}>
              {t(`brandingPreview.origin.${shown.origin}`)}
            </p>
            {shown.invalidLink ? (
              <p className="bp-warning" role="alert">
                {t('brandingPreview.origin.invalidLink')}
              </p>
            ) : null}
            <BrandPanel brand={brand} onChange={change} onReset={reset} onCopyLink={() => navigator.clipboard.writeText(location.href)} t={t} />
          </div>
          <PreviewCanvas brand={brand}>
            <Content t={t} locale={locale} brand={brand} />
          </PreviewCanvas>
        </div>
      ) : (
        <p role="status">{t('brandingPreview.origin.loading')}</p>
      )}
    </div>
  );
}

export default BrandingPreviewPage;
