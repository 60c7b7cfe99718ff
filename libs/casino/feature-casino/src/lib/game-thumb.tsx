import styled, { useTheme } from 'styled-components';

const StyledSvg = styled.svg`
  display: block;
  inline-size: 100%;
  block-size: auto;
  aspect-ratio: 4 / 3;
  border-radius: ${({ theme }) => theme.radii.medium};
`;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Props of {@link GameThumb}. */
export interface GameThumbProps {
  gameId: string;
  kind: string;
}

/**
 * A game's thumbnail as generated artwork (no image is fetched): shapes placed by a hash of the game id in the brand's
 * own colours, with a motif per kind. Decorative: the card's name says what it is.
 */
export function GameThumb({ gameId, kind }: GameThumbProps) {
  const theme = useTheme();
  const h = hash(gameId);
  const fills = [
    theme.color.primary.base,
    theme.color.accent.base,
    theme.color.secondary.base,
    theme.color.status.info.base,
  ];
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const v = hash(`${gameId}:${i}`);
    return { x: v % 160, y: (v >>> 8) % 120, r: 10 + ((v >>> 16) % 30), fill: fills[(v >>> 4) % fills.length] };
  });
  const motif =
    kind === 'slot' ? '7' : kind === 'roulette' ? '0' : kind === 'blackjack' ? 'A♠' : kind === 'crash' ? '↗' : '★';
  return (
    <StyledSvg viewBox="0 0 160 120" aria-hidden="true" focusable="false">
      <rect width="160" height="120" fill={fills[h % fills.length]} />
      {shapes.map((s, i) => (
        <circle key={i} cx={s.x} cy={s.y} r={s.r} fill={s.fill} opacity={0.55} />
      ))}
      <text
        x="80"
        y="72"
        textAnchor="middle"
        fontSize="40"
        fontWeight="700"
        fill={theme.color.surface.base}
        stroke={theme.color.text.base}
        strokeWidth="1"
      >
        {motif}
      </text>
    </StyledSvg>
  );
}
