import type { Translate } from '@rec/i18n/widgets';
import { type ChangeEvent, useState } from 'react';
import type { BoardFilter, FilterOption, FilterOptions } from './board-filter';

interface SelectProps {
  id: string;
  label: string;
  anyLabel: string;
  options: readonly FilterOption[];
  value: string;
  onChange: (value: string) => void;
}

/** A labelled select with an "all" choice; a value no offer has (set by the page) stays visible as its own option. */
function FilterSelect({ id, label, anyLabel, options, value, onChange }: SelectProps) {
  const unknown = value && !options.some((option) => option.value === value);
  return (
    <div className="filter" part="filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value)}>
        <option value="">{anyLabel}</option>
        {unknown ? <option value={value}>{value}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface BoardFiltersProps {
  t: Translate;
  filter: BoardFilter;
  options: FilterOptions;
  /** The location option the filter's location stands for. */
  location: string;
  /** Called with the changed part only: two quick changes both count (no stale whole filter). */
  onChange: (change: Partial<BoardFilter>) => void;
}

/**
 * The search field and the filters a large board offers. A select appears only when the offers
 * give at least two choices (or the page set a value), so a small board is not cluttered.
 */
export function BoardFilters({ t, filter, options, location, onChange }: BoardFiltersProps) {
  const set = (key: keyof BoardFilter) => (value: string) => onChange({ [key]: value });
  // Below 600 px the selects fold behind a "Filters" button, so the first offer stays above the fold
  // at 390 px (issue 25); open from the start when the page or the visitor already chose one.
  const [open, setOpen] = useState(() => !!(filter.location || filter.contract || filter.offerLanguage));
  const selects = [
    { key: 'location', label: t('board.location'), any: t('boardFilter.anyLocation'), options: options.locations, value: location },
    { key: 'contract', label: t('board.contract'), any: t('boardFilter.anyContract'), options: options.contracts, value: filter.contract },
    { key: 'offerLanguage', label: t('boardFilter.language'), any: t('boardFilter.anyLanguage'), options: options.languages, value: filter.offerLanguage },
  ] as const;
  return (
    <search className="board-filters" part="filters" aria-label={t('boardFilter.label')}>
      <div className="filter filter-search" part="filter">
        <label htmlFor="rec-board-search">{t('boardFilter.search')}</label>
        <input
          id="rec-board-search"
          type="search"
          part="search"
          autoComplete="off"
          value={filter.search}
          onInput={(event) => set('search')(event.currentTarget.value)}
        />
      </div>
      <button
        type="button"
        className="rec-button rec-button-secondary filters-toggle"
        part="filters-toggle"
        aria-expanded={open}
        aria-controls="rec-board-filter-selects"
        onClick={() => setOpen(!open)}
      >
        {t('boardFilter.toggle')}
      </button>
      <div id="rec-board-filter-selects" className="filter-selects" data-open={open ? '' : undefined}>
        {selects.map(({ key, label, any, options: choices, value }) =>
          choices.length > 1 || value ? (
            <FilterSelect key={key} id={`rec-board-${key}`} label={label} anyLabel={any} options={choices} value={value} onChange={set(key)} />
          ) : null,
        )}
      </div>
    </search>
  );
}
