import type { BoardFeed } from './feed-items';
import { indeedJobType, salaryText } from './indeed-xml';

/** JSON Feed 1.1 (jsonfeed.org/version/1.1): the board's postings for readers and aggregators that prefer JSON. */
export const JSON_FEED_VERSION = 'https://jsonfeed.org/version/1.1';

export function jsonFeed(feed: BoardFeed, publicUrl: string): Record<string, unknown> {
  return {
    version: JSON_FEED_VERSION,
    title: `${feed.boardName} · ${feed.company}`,
    home_page_url: `${publicUrl}/board/${feed.boardId}`,
    feed_url: `${publicUrl}/v2/boards/${feed.boardId}/feed.json`,
    language: feed.boardLanguage,
    authors: [{ name: feed.company }],
    items: feed.items.map((item) => ({
      id: item.reference,
      url: item.url,
      title: item.title,
      content_html: item.description,
      date_published: item.datePosted.toISOString(),
      language: item.language,
      ...(item.contractType ? { tags: [item.contractType] } : {}),
      // Extension keys start with an underscore (JSON Feed 1.1 "Extensions"): the job fields of the XML feed.
      _job: {
        company: item.company,
        city: item.city,
        country: item.country,
        ...(item.salary ? { salary: item.salary, salary_text: salaryText(item.salary) } : {}),
        jobtype: indeedJobType(item.contractType, item.employmentType),
        ...(item.validThrough ? { expiration: item.validThrough.toISOString() } : {}),
      },
    })),
  };
}
