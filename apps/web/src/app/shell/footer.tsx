import { useBrand, useT } from '@tessera/shared/data-access-brand';
import { Button, Link } from '@tessera/shared/ui';
import { useConsent } from '../consent/consent-context';
import styled from 'styled-components';

const StyledFooter = styled.footer`
  margin-block-start: ${({ theme }) => theme.space(10)};
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.color.surface.sunken};
  color: ${({ theme }) => theme.color.text.muted};
  font-size: ${({ theme }) => theme.typography.size.small};
`;

const StyledColumns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(160px, 1fr));
  gap: ${({ theme }) => theme.space(6)};
  h2 {
    font-size: ${({ theme }) => theme.typography.size.base};
    color: ${({ theme }) => theme.color.text.base};
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: ${({ theme }) => theme.space(2)};
  }
  a {
    color: ${({ theme }) => theme.color.text.muted};
  }
`;

const StyledLegal = styled.div`
  margin-block-start: ${({ theme }) => theme.space(6)};
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
`;

const byOrder = <T extends { order?: number }>(a: [string, T], b: [string, T]) =>
  (a[1].order ?? 0) - (b[1].order ?? 0) || a[0].localeCompare(b[0]);

/** Props of {@link Footer}. */
export interface FooterProps {
  /** The year shown in the copyright line; passed in so server and client print the same one. */
  year: number;
}

/** The site footer: link sections from the configuration, the licence and age notice, the copyright. */
export function Footer({ year }: FooterProps) {
  const brand = useBrand();
  const { t, tDynamic } = useT();
  const { footer, licence, registration } = brand.config;
  // The visitor changes their cookie choice here at any time (the banner opens again).
  const consent = useConsent();
  const sections = Object.entries(footer.sections)
    .filter(([, s]) => s.enabled !== false)
    .sort(byOrder);

  return (
    <StyledFooter>
      <StyledColumns>
        {sections.map(([id, section]) => (
          <nav key={id} aria-labelledby={`footer-${id}`}>
            <h2 id={`footer-${id}`}>{tDynamic(section.titleKey, id)}</h2>
            <ul>
              {Object.entries(section.links)
                .filter(([, link]) => link.enabled !== false)
                .sort(byOrder)
                .map(([linkId, link]) => (
                  <li key={linkId}>
                    <Link to={link.link}>{tDynamic(link.langKey, linkId)}</Link>
                  </li>
                ))}
            </ul>
          </nav>
        ))}
      </StyledColumns>
      <StyledLegal>
        {footer.showAgeBadge ? <p>{tDynamic(footer.licenceTextKey, '', { age: registration.minAge })}</p> : null}
        <p>
          {tDynamic(licence.textKey, '')}
          {licence.number ? ' ' : ''}
          {/* The number opens the regulator's validation page where the brand gives one (licence.url). */}
          {licence.number && licence.url ? (
            <a href={licence.url} rel="noopener noreferrer">
              {licence.number}
            </a>
          ) : (
            licence.number
          )}
          {licence.issuer ? `, ${licence.issuer}` : ''}
        </p>
        <p>{t('footer:copyright', { year, brand: brand.name })}</p>
        {consent && brand.config.customize.cookieConsent.banner ? (
          <p>
            <Button variant="ghost" size="small" aria-haspopup="dialog" onClick={consent.openSettings}>
              {t('common:consent.settings')}
            </Button>
          </p>
        ) : null}
      </StyledLegal>
    </StyledFooter>
  );
}
