import { create } from 'qrcode';
import { useMemo } from 'react';
import styled from 'styled-components';

const StyledSvg = styled.svg`
  inline-size: 184px;
  block-size: 184px;
  /* A QR code is read by a camera: dark modules on a light field whatever the theme, with its quiet zone. */
  background: ${({ theme }) => theme.color.surface.base};
  color: ${({ theme }) => theme.color.text.base};
  border: 1px solid ${({ theme }) => theme.color.border.base};
  border-radius: ${({ theme }) => theme.radii.small};
`;

/** Props of {@link TotpQrCode}. */
export interface TotpQrCodeProps {
  /** The otpauth:// link an authenticator app reads. */
  value: string;
  /** What the image is, for screen readers (the secret is printed beside it as text). */
  label: string;
}

/** Margin of light modules around the code that readers need (4 in the standard). */
const QUIET_ZONE = 4;

/**
 * The otpauth link as a QR code, drawn here as SVG (no image sent by the server, nothing for a CSP to allow): one
 * path of unit squares, so it stays sharp at any size.
 */
export function TotpQrCode({ value, label }: TotpQrCodeProps) {
  const { size, path } = useMemo(() => {
    const { modules } = create(value, { errorCorrectionLevel: 'M' });
    const squares: string[] = [];
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) squares.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
      }
    }
    return { size: modules.size + QUIET_ZONE * 2, path: squares.join('') };
  }, [value]);
  return (
    <StyledSvg role="img" aria-label={label} viewBox={`0 0 ${size} ${size}`} shapeRendering="crispEdges">
      <path d={path} fill="currentColor" />
    </StyledSvg>
  );
}
