import { Field, Select } from '@tessera/shared/ui';
import { isRtl, languageName } from '@tessera/shared/util-i18n';
import styled from 'styled-components';
import { CONSOLE_LANGUAGES, isConsoleLanguage } from './console-language';
import { useConsoleLanguage } from './console-providers';
import { useConsoleTranslate } from './use-console-translate';

const StyledField = styled(Field)`
  grid-auto-flow: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  select {
    min-height: 32px;
  }
`;

/** The console's language switcher: each language named in itself, written in its own direction. */
export function LanguageSelect() {
  const t = useConsoleTranslate();
  const { language, setLanguage } = useConsoleLanguage();
  return (
    <StyledField label={t('backoffice:language.label')}>
      <Select
        value={language}
        onChange={(event) => {
          if (isConsoleLanguage(event.target.value)) setLanguage(event.target.value);
        }}
      >
        {CONSOLE_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng} dir={isRtl(lng) ? 'rtl' : 'ltr'}>
            {languageName(lng)}
          </option>
        ))}
      </Select>
    </StyledField>
  );
}
