export declare function safeLink(href: string | null): string | undefined;
export declare function sanitizeHtml(html: string): string;
