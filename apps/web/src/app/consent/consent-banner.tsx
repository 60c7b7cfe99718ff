import { useT } from '@tessera/shared/data-access-brand';
import { Button, Checkbox, Link, VisuallyHidden } from '@tessera/shared/ui';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { levelOf, scopeOf } from './consent';
import { useConsent } from './consent-context';

const StyledBanner = styled.div`
  position: fixed;
  inset-inline: ${({ theme }) => theme.space(2)};
  inset-block-end: calc(var(--tab-bar-height, 0px) + ${({ theme }) => theme.space(2)});
  z-index: ${({ theme }) => theme.zIndex.toast};
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  max-inline-size: 44rem;
  max-block-size: calc(100vh - var(--tab-bar-height, 0px) - ${({ theme }) => theme.space(8)});
  overflow: auto;
  margin-inline: auto;
  padding: ${({ theme }) => theme.space(4)};
  border: 2px solid ${({ theme }) => theme.color.primary.base};
  border-radius: ${({ theme }) => theme.radii.large};
  background: ${({ theme }) => theme.color.surface.raised};
  color: ${({ theme }) => theme.color.text.base};
  /* Wide screens: a card in the bottom corner at the start of the line, clear of the bet slip at its end. */
  ${({ theme }) => theme.media.lg} {
    inset-inline-end: auto;
    max-inline-size: 30rem;
    margin-inline: 0;
  }
  &:focus {
    outline: 2px solid ${({ theme }) => theme.color.focusRing};
  }
  h2 {
    margin: 0;
    font-size: 1.1em;
  }
  p {
    margin: 0;
  }
  fieldset {
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
    margin: 0;
    padding: 0;
    border: 0;
  }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  > * {
    flex: 1 1 10rem;
  }
`;

/**
 * The cookie-consent banner: the spec's four levels as "accept all" (3), "necessary only" (0) and a choice of
 * functional and marketing cookies (1, 2 or 3). A non-modal dialog fixed at the bottom (above the phone's tab bar): it
 * takes the focus when it opens so a screen reader reads it, gives it back when it closes, and Escape closes it without
 * choosing (the level in force stays, and the banner comes back on the next page load until the visitor chooses).
 */
export function ConsentBanner() {
  const { t } = useT();
  const consent = useConsent();
  const titleId = useId();
  const textId = useId();
  const box = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [scope, setScope] = useState(() => scopeOf(consent?.level ?? 0));
  const open = consent?.open ?? false;
  const level = consent?.level ?? 0;

  useEffect(() => {
    if (!open) return undefined;
    setScope(scopeOf(level));
    setChoosing(false);
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    box.current?.focus();
    return () => {
      const back = returnTo.current;
      if (back && back.isConnected && back !== document.body) back.focus();
    };
    // The level is read when the banner opens; a change while it is open comes from the banner itself.
  }, [open]);

  if (!consent || !open) return null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      consent.dismiss();
    }
  };
  return (
    <StyledBanner
      ref={box}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <h2 id={titleId}>{t('common:consent.title')}</h2>
      <p id={textId}>
        {t('common:consent.text')}{' '}
        <Link to="/information/cookies" size="small">
          {t('common:consent.policy')}
        </Link>
      </p>
      {choosing ? (
        <fieldset>
          <legend>
            <VisuallyHidden>{t('common:consent.choose')}</VisuallyHidden>
          </legend>
          <Checkbox label={t('common:consent.necessary')} checked disabled readOnly />
          <Checkbox
            label={t('common:consent.functional')}
            checked={scope.functional}
            onChange={(event) => setScope({ ...scope, functional: event.currentTarget.checked })}
          />
          <Checkbox
            label={t('common:consent.marketing')}
            checked={scope.marketing}
            onChange={(event) => setScope({ ...scope, marketing: event.currentTarget.checked })}
          />
        </fieldset>
      ) : null}
      <StyledActions>
        <Button variant="accent" onClick={() => consent.choose(3)}>
          {t('common:consent.acceptAll')}
        </Button>
        <Button variant="secondary" onClick={() => consent.choose(0)}>
          {t('common:consent.necessaryOnly')}
        </Button>
        {choosing ? (
          <Button variant="secondary" onClick={() => consent.choose(levelOf(scope))}>
            {t('common:consent.save')}
          </Button>
        ) : (
          <Button variant="ghost" onClick={() => setChoosing(true)}>
            {t('common:consent.choose')}
          </Button>
        )}
      </StyledActions>
    </StyledBanner>
  );
}
