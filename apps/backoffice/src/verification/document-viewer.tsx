import type { BackofficeDocument } from '@tessera/shared/contract-api';
import styled from 'styled-components';
import { useConsoleTranslate } from '../app/use-console-translate';
import { documentUrl } from '../api/desks.api';
import { useFormat } from '../ui/use-format';

const StyledFigure = styled.figure`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  margin: 0;
  padding: ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.color.surface.base};
  img,
  iframe {
    inline-size: 100%;
    max-block-size: 70vh;
    border: 0;
    object-fit: contain;
    background: ${({ theme }) => theme.color.surface.sunken};
  }
  iframe {
    block-size: 70vh;
  }
  figcaption {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.typography.size.small};
    color: ${({ theme }) => theme.color.text.muted};
  }
`;

/** Props of {@link DocumentViewer}. */
export interface DocumentViewerProps {
  accountId: string;
  document: BackofficeDocument;
}

/**
 * One identity document, shown where it is decided: an image inline, a PDF in a frame of the console's own origin,
 * and a link to open it alone. The bytes come from the server with the session (each view is audited there).
 */
export function DocumentViewer({ accountId, document }: DocumentViewerProps) {
  const t = useConsoleTranslate();
  const format = useFormat();
  const url = documentUrl(accountId, document.id);
  const type = t(`backoffice:document.type.${document.documentType}`);
  const isPdf = document.contentType === 'application/pdf';
  return (
    <StyledFigure>
      {isPdf ? (
        <iframe src={url} title={t('backoffice:document.pdfTitle', { type })} />
      ) : (
        <img src={url} alt={t('backoffice:document.imageAlt', { type })} loading="lazy" />
      )}
      <figcaption>
        <strong>{type}</strong>
        <span>{format.dateTime(document.uploadedAt)}</span>
        <span>{format.fileSize(document.sizeBytes)}</span>
        <a href={url} target="_blank" rel="noopener noreferrer">
          {t('backoffice:document.open')}
        </a>
      </figcaption>
    </StyledFigure>
  );
}
