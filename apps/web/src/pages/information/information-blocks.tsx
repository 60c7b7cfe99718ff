import type { InformationBlock, InformationInline } from '@tessera/shared/contract-api';
import { Link } from '@tessera/shared/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const StyledArticle = styled.div`
  max-width: 72ch;
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  line-height: 1.6;
  overflow-wrap: anywhere;
  h2,
  h3,
  p,
  ul,
  ol {
    margin: 0;
  }
  h2 {
    margin-block-start: ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.typography.size.h2};
  }
  h3 {
    font-size: ${({ theme }) => theme.typography.size.h3};
  }
  ul,
  ol {
    padding-inline-start: ${({ theme }) => theme.space(6)};
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }
  a {
    color: ${({ theme }) => theme.color.text.link};
  }
`;

function Inline({ runs }: { runs: readonly InformationInline[] }): ReactNode {
  return runs.map((run, i) => {
    if (run.kind === 'strong') return <strong key={i}>{run.text}</strong>;
    if (run.kind === 'link' && run.href) {
      // A site path gets the page's language (Link); an address of the outside world opens as it is.
      return run.href.startsWith('/') ? (
        <Link key={i} to={run.href}>
          {run.text}
        </Link>
      ) : (
        <a key={i} href={run.href} rel="noopener noreferrer">
          {run.text}
        </a>
      );
    }
    return run.text;
  });
}

/** Props of {@link InformationBlocks}. */
export interface InformationBlocksProps {
  blocks: readonly InformationBlock[];
}

/** An information page's text, from the server's block tree: elements only, never HTML from the file. */
export function InformationBlocks({ blocks }: InformationBlocksProps) {
  return (
    <StyledArticle>
      {blocks.map((block, i) => {
        if (block.kind === 'heading') {
          const Heading = block.level === 3 ? 'h3' : 'h2';
          return (
            <Heading key={i}>
              <Inline runs={block.content ?? []} />
            </Heading>
          );
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul';
          return (
            <List key={i}>
              {(block.items ?? []).map((item, j) => (
                <li key={j}>
                  <Inline runs={item} />
                </li>
              ))}
            </List>
          );
        }
        return (
          <p key={i}>
            <Inline runs={block.content ?? []} />
          </p>
        );
      })}
    </StyledArticle>
  );
}
