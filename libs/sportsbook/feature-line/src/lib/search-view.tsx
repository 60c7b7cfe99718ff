import { useQuery } from '@tanstack/react-query';
import { useT } from '@tessera/shared/data-access-brand';
import { Button } from '@tessera/shared/ui';
import {
  cutSearchText,
  pushSearchHistory,
  SEARCH_MAX_LENGTH,
  searchHistoryPreference,
  useFeedQueries,
  usePreference,
  useSeedLive,
} from '@tessera/sportsbook/data-access-feed';
import { ChipList, FeedSection, GameList } from '@tessera/sportsbook/ui';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ChampToggle } from './champ-games';
import { FeedQueryView } from './feed-query-view';
import { LineGameRow } from './line-game-row';

/** Props of {@link SearchView}. */
export interface SearchViewProps {
  /** Text from the address (`?text=`), searched at once. */
  initialText?: string;
  /** Called with the text searched, so the route can keep it in the address. */
  onSearch?: (text: string) => void;
}

/** Search of teams and championships: at most 100 characters (longer input is cut), with a search history. */
export function SearchView({ initialText = '', onSearch }: SearchViewProps) {
  const { t, language } = useT();
  const queries = useFeedQueries();
  const [draft, setDraft] = useState(() => cutSearchText(initialText));
  const [text, setText] = useState(() => cutSearchText(initialText));
  const [history, setHistory] = usePreference(searchHistoryPreference);
  const result = useQuery({ ...queries.search(text), enabled: text.length > 0 });
  useSeedLive(result.data?.games, result.data?.version);

  const run = (value: string) => {
    const cut = cutSearchText(value);
    setDraft(cut);
    setText(cut);
    if (cut) setHistory(pushSearchHistory(searchHistoryPreference.get(), cut));
    onSearch?.(cut);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(draft);
  };

  return (
    <>
      <form role="search" onSubmit={submit}>
        <label>
          {t('sportsbook:search.label')}{' '}
          <input
            type="search"
            value={draft}
            maxLength={SEARCH_MAX_LENGTH}
            // maxLength does not cut pasted text in every browser: cut here too.
            onChange={(e) => setDraft(cutSearchText(e.target.value))}
          />
        </label>{' '}
        <Button type="submit">{t('sportsbook:search.submit')}</Button>
      </form>
      {history.length > 0 ? (
        <FeedSection aria-labelledby="search-history">
          <h2 id="search-history">{t('sportsbook:search.history')}</h2>
          <ChipList>
            {history.map((h) => (
              <li key={h}>
                <button type="button" onClick={() => run(h)}>
                  {h}
                </button>
              </li>
            ))}
          </ChipList>
        </FeedSection>
      ) : null}
      {text === '' ? (
        <p>{t('sportsbook:search.hint')}</p>
      ) : (
        <FeedQueryView
          query={result}
          loadingLabel={t('sportsbook:search.loading')}
          emptyMessage={t('sportsbook:search.empty', { text })}
          isEmpty={(d) => d.games.length === 0 && d.champs.length === 0}
        >
          {(d) => (
            <>
              {d.champs.length > 0 ? (
                <FeedSection aria-label={t('sportsbook:line.champs')}>
                  <ChipList>
                    {d.champs.map((c) => (
                      <li key={c.id}>
                        <ChampToggle champId={c.id} name={c.name} />
                        <Link to={`/${language}/champ/${c.id}`}>{c.name}</Link>
                      </li>
                    ))}
                  </ChipList>
                </FeedSection>
              ) : null}
              {d.games.length > 0 ? (
                <GameList aria-label={t('sportsbook:line.games')}>
                  {d.games.map((g) => (
                    <LineGameRow key={g.id} game={g} />
                  ))}
                </GameList>
              ) : null}
            </>
          )}
        </FeedQueryView>
      )}
    </>
  );
}
