import { Button } from '@tessera/shared/ui';
import styled from 'styled-components';
import { useConsoleTranslate } from './use-console-translate';

const StyledError = styled.main`
  display: grid;
  justify-items: start;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(6)};
`;

/** What a page that failed to render (or whose code failed to load) shows: say so, offer a reload. */
export function RouteErrorPage() {
  const t = useConsoleTranslate();
  return (
    <StyledError>
      <h1>{t('backoffice:state.pageFailed')}</h1>
      <Button onClick={() => window.location.reload()}>{t('backoffice:state.reload')}</Button>
    </StyledError>
  );
}
