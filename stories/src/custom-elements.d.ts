import type { CSSProperties, DetailedHTMLProps, HTMLAttributes } from 'react';

/** Our widgets as JSX elements (React 19 passes their string props on). */
type RecElement<Attributes> = Omit<DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>, 'style'> & { style?: CSSProperties } & Attributes;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'rec-board': RecElement<{ 'board-id': string; language?: string | undefined; 'heading-level'?: string; 'api-base'?: string; class?: string }>;
      'rec-jobs-count': RecElement<{
        'board-id': string;
        href?: string | undefined;
        location?: string | undefined;
        contract?: string | undefined;
        language?: string | undefined;
        'empty-text'?: string | undefined;
        'api-base'?: string;
        class?: string;
      }>;
    }
  }
}
