import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import styled, { useTheme } from 'styled-components';

/** One tab: its id (kept in the address), its label and its panel. */
export interface TabItem {
  id: string;
  label: string;
  panel: () => ReactNode;
}

/** Props of {@link Tabs}. */
export interface TabsProps {
  /** Names the tab list. */
  label: string;
  items: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
}

const StyledList = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(1)};
  overflow-x: auto;
  border-block-end: 1px solid ${({ theme }) => theme.color.border.base};
  margin-block-end: ${({ theme }) => theme.space(4)};
  button {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border: 0;
    border-block-end: 3px solid transparent;
    background: transparent;
    color: ${({ theme }) => theme.color.text.base};
    font: inherit;
    white-space: nowrap;
    cursor: pointer;
  }
  button[aria-selected='true'] {
    border-block-end-color: ${({ theme }) => theme.color.primary.base};
    font-weight: ${({ theme }) => theme.typography.weight.bold};
  }
`;

/**
 * Tabs after the WAI-ARIA pattern: one tab stop for the list, arrow keys move between tabs (mirrored right to left),
 * Home and End jump, and the selected tab's panel is named by its tab.
 */
export function Tabs({ label, items, selected, onSelect }: TabsProps) {
  const theme = useTheme();
  const base = useId();
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const current = items.find((item) => item.id === selected) ?? items[0];
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.id === current?.id);
    const forward = theme.rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = theme.rtl ? 'ArrowRight' : 'ArrowLeft';
    let next: number | null = null;
    if (event.key === forward) next = (index + 1) % items.length;
    else if (event.key === backward) next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    const target = next === null ? undefined : items[next];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    refs.current.get(target.id)?.focus();
  };

  return (
    <>
      <StyledList role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item) => {
          const isSelected = item.id === current?.id;
          return (
            <button
              key={item.id}
              ref={(element) => {
                if (element) refs.current.set(item.id, element);
                else refs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={isSelected}
              // Only the shown panel exists, so only its tab points at it.
              aria-controls={isSelected ? panelId(item.id) : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </StyledList>
      {current ? (
        <div role="tabpanel" id={panelId(current.id)} aria-labelledby={tabId(current.id)} tabIndex={0}>
          {current.panel()}
        </div>
      ) : null}
    </>
  );
}
