import { useBrand, useT } from '@tessera/shared/data-access-brand';

/**
 * The responsible-gaming information page's text from what this brand, country and language really offer
 * (responsible.*): limits, breaks, reality checks, the header, registers, and where to get help.
 */
export function ResponsibleGamingInfo() {
  const { t, tDynamic } = useT();
  const { name, config } = useBrand();
  const r = config.responsible;
  const limitKinds = r.limitsVisible ? r.limitTypes.filter((k) => k !== 'timeout') : [];
  const list = limitKinds.map((k) => tDynamic(`responsible:limits.kind.${k}`, k).toLowerCase()).join(', ');
  const items: string[] = [
    limitKinds.length > 0
      ? t('responsible:info.limits', { list, count: r.coolingOffHours })
      : t('responsible:info.noLimits'),
  ];
  if (r.limitTypes.includes('timeout')) items.push(t('responsible:info.timeout'));
  if (r.selfExclusion) items.push(t('responsible:info.selfExclusion'));
  if (r.panicButton) items.push(t('responsible:info.panic'));
  if (r.realityCheck.enabled) items.push(t('responsible:info.realityCheck', { count: r.realityCheck.intervalMinutes }));
  if (r.showSessionTimer || r.showNetPosition) items.push(t('responsible:info.header'));
  if (r.exclusionRegister.enabled) items.push(t('responsible:info.register'));
  if (r.crossOperatorDepositLimit.enabled) items.push(t('responsible:info.crossOperator'));
  if (r.limitTypes.includes('timeout') || r.selfExclusion || r.panicButton) items.push(t('responsible:info.during'));
  return (
    <>
      <p>{t('responsible:info.intro', { brand: name })}</p>
      <ul>
        {items.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      {r.helplineUrl ? (
        <p>
          <a href={r.helplineUrl} rel="noopener noreferrer" target="_blank">
            {t('responsible:info.helpline')}
          </a>
        </p>
      ) : null}
    </>
  );
}
