import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** Our widgets as JSX elements (React 19 sets their string props as attributes). */
type RecElement<Attributes> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Attributes;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'rec-board': RecElement<{ 'board-id': string; language?: string | undefined; 'heading-level'?: string; 'api-base'?: string; 'referral-code'?: string }>;
      'rec-offer': RecElement<{
        'channel-id'?: string | undefined;
        'offer-id'?: string | undefined;
        embedded?: string | undefined;
        language?: string | undefined;
        'referral-code'?: string | undefined;
        'heading-level'?: string;
        'api-base'?: string;
      }>;
      'rec-referral': RecElement<{ 'company-id': string; 'channel-id'?: string; language?: string | undefined; 'api-base'?: string; 'heading-level'?: string }>;
    }
  }
}
