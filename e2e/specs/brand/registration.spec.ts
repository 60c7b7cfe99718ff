import { accountText } from '../../fixtures/accounts';
import { expect, test } from '../../fixtures/test';

/** The variants the registration form offers, in the form's vocabulary (libs/account/feature-auth). */
const FORM_VARIANTS = ['fast', 'phone', 'full', 'short', 'social'] as const;

interface RegistrationSettings {
  enabled: boolean;
  defaultVariant: string;
  variants: Record<string, { enabled?: boolean; order?: number } | undefined>;
}

// The production server of the e2e run has no SMS and no e-mail gateway (ADR 0220): phone registration cannot send its
// code and an e-mail registration cannot send its confirmation. PolarBet's files preselect phone registration; the
// site must offer and preselect only what this server can finish, and explain why the rest is off.
test('item 15: registration offers and preselects only variants a server without gateways can finish, and explain says why', async ({
  page,
  brandUnderTest: brand,
}) => {
  const ta = accountText(brand.language);
  await page.goto(`/?brand=${brand.id}`);
  const site = (await (await page.request.get('/web-api/site-config')).json()) as {
    config: { registration: RegistrationSettings };
  };
  const registration = site.config.registration;
  const offered = FORM_VARIANTS.filter(
    (id) => registration.variants[id] !== undefined && registration.variants[id]?.enabled !== false,
  ).sort((a, b) => (registration.variants[a]?.order ?? 0) - (registration.variants[b]?.order ?? 0));
  expect(offered).not.toContain('phone');
  expect(offered).not.toContain('full');
  expect(offered).not.toContain('short');

  const phone = await page.request.get('/web-api/site-config/explain?pointer=/registration/variants/phone/enabled');
  expect(await phone.json()).toMatchObject({
    value: false,
    layer: 'platform',
    file: null,
    reason: expect.stringMatching(/^no SMS gateway is configured on this server/),
  });
  const sms = await page.request.get('/web-api/site-config/explain?pointer=/auth/methods/sms/enabled');
  expect(await sms.json()).toMatchObject({ value: false, layer: 'platform' });

  await page.goto(`/${brand.language}/registration`);
  if (offered.length === 0) {
    // A brand whose files offer only e-mail or phone registration (AlbionOdds: the full form) has nothing this server
    // can finish: registration says it is closed, and explain says why.
    expect(registration.enabled).toBe(false);
    const closed = await page.request.get('/web-api/site-config/explain?pointer=/registration/enabled');
    expect(await closed.json()).toMatchObject({
      value: false,
      layer: 'platform',
      reason: expect.stringMatching(/^no registration variant of this brand can finish on this server: /),
    });
    await expect(page.getByText(ta('registration.closed'))).toBeVisible();
    return;
  }
  expect(offered).toContain(registration.defaultVariant);
  const form = page.getByRole('form', { name: ta('registration.submit') });
  await expect(form).toBeVisible();
  const methods = page.getByRole('group', { name: ta('registration.methods') });
  if (offered.length > 1) {
    await expect(methods.getByRole('button')).toHaveText(offered.map((id) => ta(`registration.variant.${id}`)));
    await expect(
      methods.getByRole('button', { name: ta(`registration.variant.${registration.defaultVariant}`) }),
    ).toHaveAttribute('aria-pressed', 'true');
  } else {
    // One variant left: the form is that variant, with no choice to make.
    await expect(methods).toHaveCount(0);
  }
  await expect(page.getByRole('button', { name: ta('registration.variant.phone') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: ta('registration.sendCode') })).toHaveCount(0);
});
