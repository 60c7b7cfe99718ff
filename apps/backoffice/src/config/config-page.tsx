import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '@tessera/shared/data-access-api';
import { Button, Field, PageState, Select } from '@tessera/shared/ui';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import styled from 'styled-components';
import { brandsQuery } from '../api/console.queries';
import { useOperator } from '../app/shell/use-operator';
import { useConsoleTranslate } from '../app/use-console-translate';
import { errorMessage } from '../ui/error-message';
import { PageHeader } from '../ui/page-header';
import { Tabs } from '../ui/tabs';
import { useFormat } from '../ui/use-format';
import { configBrandQuery, configCalls, configKeys, schemaQuery } from './config.api';
import {
  changedValues,
  isObject,
  type Json,
  type JsonObject,
  leafValues,
  mergeJson,
  owns,
  pointerOf,
  scopeKey,
  type SchemaNode,
  sectionSchema,
  sectionsOf,
  shown,
  withoutValue,
} from './config-values';
import { refusalText, scopeText } from './config-text';
import { DraftPanel } from './draft-panel';
import { HistoryPanel } from './history-panel';
import { disabledMarks, SchemaForm } from './schema-form';

const StyledPicker = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin-block-end: ${({ theme }) => theme.space(3)};
  > * {
    min-inline-size: 12rem;
  }
`;

const StyledSection = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin-block: ${({ theme }) => theme.space(4)};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.typography.size.large};
  }
  ul {
    margin: 0;
    padding-inline-start: ${({ theme }) => theme.space(4)};
    display: grid;
    gap: ${({ theme }) => theme.space(1)};
  }
  code,
  bdi.value {
    direction: ltr;
    unicode-bidi: isolate;
    font-family: ${({ theme }) => theme.typography.mono};
  }
`;

const StyledServed = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.color.text.muted};
`;

/**
 * The live configuration (ADR 0310): a brand's settings per country and language in forms generated from the site
 * configuration's schema, each with the value served now and the layer that set it; a change goes through review
 * (checks, preview, reason, four eyes where the brand asks) to a published version; the history restores any version.
 */
export function ConfigPage() {
  const t = useConsoleTranslate();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const format = useFormat();
  const { permissions } = useOperator();
  const [params, setParams] = useSearchParams();
  const brands = useQuery(brandsQuery(client));
  const served = (brands.data?.brands ?? []).filter((b) => b.health === 'served');
  const brandId = params.get('brand') ?? served[0]?.id ?? '';
  const country = params.get('country') ?? undefined;
  const language = params.get('language') ?? undefined;
  const draftId = params.get('draft') ?? '';
  const tab = params.get('tab') === 'history' ? 'history' : 'settings';
  const brand = useQuery(configBrandQuery(client, brandId, country, language));
  const schema = useQuery(schemaQuery(client));
  const sections = schema.data ? sectionsOf(schema.data.schema as SchemaNode) : [];
  const section = params.get('section') ?? 'coupon';
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  const data = brand.data;
  const scope = scopeKey(country, language);
  const scopeData = ((data?.layers ?? {}) as Record<string, JsonObject>)[scope] ?? {};
  const canEdit = permissions.includes('config.edit');

  const sendDraft = async (next: JsonObject) => {
    setSending(true);
    setFailure(null);
    try {
      const answer = await client.send(configCalls.createDraft, { brand: brandId, country, language, data: next });
      await queryClient.invalidateQueries({ queryKey: configKeys.all() });
      update({ draft: answer.draft.id });
    } catch (error) {
      setFailure(refusalText(t, error));
    } finally {
      setSending(false);
    }
  };

  const form = useMemo(() => {
    if (!schema.data || !data) return undefined;
    const bundle = schema.data.schema as SchemaNode;
    const node = sectionSchema(bundle, section);
    if (!node) return undefined;
    const ownership = data.ownership;
    const withCountry = country !== undefined;
    const belowOwned = (pointer: string) => {
      const parts = pointer.split('/').slice(1);
      return ownership.some((own) => {
        if (own.scope === 'country' && !withCountry) return false;
        const ownParts = own.pointer === '' ? [] : own.pointer.split('/').slice(1);
        return parts.every((p, i) => i >= ownParts.length || ownParts[i] === '*' || ownParts[i] === p);
      });
    };
    const marks = canEdit
      ? disabledMarks(
          node,
          (bundle['$defs'] ?? {}) as Record<string, SchemaNode>,
          [section],
          (p) => owns(ownership, p, withCountry),
          belowOwned,
        )
      : { 'ui:disabled': true };
    const resolved = data.resolved as JsonObject;
    const value = (isObject(resolved[section] as Json) ? resolved[section] : {}) as JsonObject;
    return { node, marks, value, readOnly: 'ui:disabled' in marks };
  }, [schema.data, data, section, country, canEdit]);

  const facts = useMemo(
    () => ({
      describe: (pointer: string) => {
        const full = `/${section}${pointer}`;
        const layer = data?.sources[full];
        if (!layer) return undefined;
        let node: unknown = data?.resolved;
        for (const s of full.split('/').slice(1)) node = isObject(node as Json) ? (node as JsonObject)[s] : undefined;
        return { value: node, layer };
      },
      nowLabel: () => t('backoffice-config:config.field.now', { value: '' }),
      setByLabel: (layer: string) => t('backoffice-config:config.field.setBy', { layer }),
    }),
    [data, section, t],
  );

  const scopeLeaves = leafValues(scopeData);
  const loading = brands.isPending || (brandId !== '' && (brand.isPending || schema.isPending));
  const failed = brands.isError || brand.isError || schema.isError;

  return (
    <>
      <PageHeader title={t('backoffice-config:config.title')} description={t('backoffice-config:config.intro')} />
      <PageState
        status={failed ? 'error' : loading ? 'loading' : served.length === 0 ? 'empty' : 'ready'}
        loadingLabel={t('backoffice-config:config.loading')}
        rows={8}
        rowHeight="2.5em"
        errorText={errorMessage(t, brands.error ?? brand.error ?? schema.error)}
        retryLabel={t('backoffice:state.retry')}
        onRetry={() => {
          void brands.refetch();
          void brand.refetch();
          void schema.refetch();
        }}
        emptyText={t('backoffice-config:config.noBrands')}
      >
        <StyledPicker>
          <Field label={t('backoffice-config:config.brand')}>
            <Select
              value={brandId}
              onChange={(e) =>
                update({ brand: e.target.value, country: undefined, language: undefined, draft: undefined })
              }
            >
              {served.map((b) => (
                <option key={b.id} value={b.id}>
                  {`${b.name} (${b.id})`}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('backoffice-config:config.country')}>
            <Select value={country ?? ''} onChange={(e) => update({ country: e.target.value, draft: undefined })}>
              <option value="">{t('backoffice-config:config.everyCountry')}</option>
              {(data?.countries ?? []).map((c) => (
                <option key={c} value={c}>
                  {c.toUpperCase()}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('backoffice-config:config.language')}>
            <Select value={language ?? ''} onChange={(e) => update({ language: e.target.value, draft: undefined })}>
              <option value="">{t('backoffice-config:config.everyLanguage')}</option>
              {(data?.languages ?? []).map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </Select>
          </Field>
        </StyledPicker>
        {data ? (
          <StyledServed role="status">
            {data.change
              ? t('backoffice-config:config.served', {
                  version: data.change.version,
                  operator: data.change.operator,
                  at: format.dateTime(data.change.at),
                  reason: data.change.reason,
                })
              : t('backoffice-config:config.servedFiles')}
          </StyledServed>
        ) : null}
        {draftId ? (
          <DraftPanel
            id={draftId}
            fourEyes={data?.fourEyesSections ?? []}
            onClose={() => update({ draft: undefined })}
          />
        ) : null}
        <Tabs
          label={t('backoffice-config:config.tabs')}
          selected={tab}
          onSelect={(id) => update({ tab: id === 'settings' ? undefined : id })}
          items={[
            {
              id: 'settings',
              label: t('backoffice-config:config.tab.settings'),
              panel: () => (
                <>
                  <StyledSection aria-labelledby="config-form-title">
                    <Field label={t('backoffice-config:config.section')}>
                      <Select value={section} onChange={(e) => update({ section: e.target.value })}>
                        {sections.map((s) => (
                          <option key={s} value={s}>
                            {s}
                          </option>
                        ))}
                      </Select>
                    </Field>
                    <h2 id="config-form-title">
                      {t('backoffice-config:config.form.title', {
                        section,
                        scope: scopeText(t, country, language),
                      })}
                    </h2>
                    {form?.readOnly ? <p>{t('backoffice-config:config.form.readOnly')}</p> : null}
                    {failure ? (
                      <p role="alert" aria-live="assertive">
                        {failure}
                      </p>
                    ) : null}
                    {form ? (
                      <SchemaForm
                        key={`${brandId}/${scope}/${section}/${data?.version ?? 0}`}
                        idPrefix={`config-${section}`}
                        schema={form.node}
                        value={form.value}
                        uiSchema={form.marks}
                        facts={facts}
                        submitLabel={t('backoffice-config:config.form.review')}
                        onSubmit={(edited) => {
                          if (sending) return;
                          const changed = changedValues(form.value, edited);
                          if (!isObject(changed ?? null)) {
                            setFailure(t('backoffice-config:config.form.nothing'));
                            return;
                          }
                          void sendDraft(mergeJson(scopeData, { [section]: changed as JsonObject }));
                        }}
                      />
                    ) : null}
                  </StyledSection>
                  <StyledSection aria-labelledby="config-overrides-title">
                    <h2 id="config-overrides-title">
                      {t('backoffice-config:config.overrides.title', { scope: scopeText(t, country, language) })}
                    </h2>
                    {scopeLeaves.length === 0 ? (
                      <p>{t('backoffice-config:config.overrides.empty')}</p>
                    ) : (
                      <ul>
                        {scopeLeaves.map((leaf) => {
                          const pointer = pointerOf(leaf.path);
                          return (
                            <li key={pointer}>
                              <code>{pointer}</code> = <bdi className="value">{shown(leaf.value)}</bdi>{' '}
                              {canEdit && data && owns(data.ownership, pointer, country !== undefined) ? (
                                <Button
                                  size="small"
                                  variant="secondary"
                                  disabled={sending}
                                  onClick={() => void sendDraft(withoutValue(scopeData, leaf.path))}
                                >
                                  {t('backoffice-config:config.overrides.remove', { pointer })}
                                </Button>
                              ) : null}
                            </li>
                          );
                        })}
                      </ul>
                    )}
                  </StyledSection>
                  <StyledSection aria-labelledby="config-drafts-title">
                    <h2 id="config-drafts-title">{t('backoffice-config:config.drafts.title')}</h2>
                    {(data?.drafts ?? []).length === 0 ? (
                      <p>{t('backoffice-config:config.drafts.empty')}</p>
                    ) : (
                      <ul>
                        {(data?.drafts ?? []).map((d) => (
                          <li key={d.id}>
                            <Button size="small" variant="ghost" onClick={() => update({ draft: d.id })}>
                              {t('backoffice-config:config.drafts.open', { operator: d.createdBy })}
                            </Button>{' '}
                            {`${format.dateTime(d.createdAt)} · ${d.sections.join(', ')} · ${t(
                              `backoffice-config:config.draft.state.${d.state}`,
                            )}`}
                          </li>
                        ))}
                      </ul>
                    )}
                  </StyledSection>
                </>
              ),
            },
            {
              id: 'history',
              label: t('backoffice-config:config.tab.history'),
              panel: () => (
                <HistoryPanel
                  brand={brandId}
                  current={data?.version ?? 0}
                  canRestore={canEdit}
                  onDraft={(id) => update({ draft: id, tab: undefined })}
                />
              ),
            },
          ]}
        />
      </PageState>
    </>
  );
}
