import { expect, newAccountDetails, test } from '../support/fixtures.js';

test('sign up, use the shell, edit the profile, change the password, sign out and sign in again', async ({
  page,
  signIn,
}) => {
  const user = newAccountDetails();
  const newFirstName = 'Augusta';
  const newPassword = `second-secret-${user.userName}`;

  await test.step('sign up through the form', async () => {
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('First name').fill(user.firstName);
    await page.getByLabel('Last name').fill(user.lastName);
    await page.getByLabel('Username').fill(user.userName);
    await page.getByLabel('Email address').fill(user.email);
    await page.getByLabel('Organization').fill(user.organization);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm password').fill(user.password);
    await page.getByRole('button', { name: 'Sign up' }).click();

    // Signed in at once: the onboarding goes on to the agency key and the CRM connection.
    await expect(page).toHaveURL(/\/insert-key$/);
    await expect(page.getByRole('button', { name: 'Submit key' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(page).toHaveURL(/\/sync-crm$/);
    await expect(page.getByRole('button', { name: 'Sync CRM' })).toBeVisible();
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    // Sign out, so the next step signs in with the new account's password.
    await page.evaluate(() => window.localStorage.clear());
  });

  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  const userMenu = page.getByRole('button', { name: /^Open user menu/ });

  await test.step('sign in and see the dashboard shell', async () => {
    await signIn(page, user);
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call Insights Hub');
    await expect(sidebar.getByRole('heading', { name: 'Main', exact: true })).toBeVisible();
    await expect(sidebar.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Call Insights', exact: true })).toHaveAttribute(
      'href',
      '/main/recordings',
    );
    for (const name of ['Admin', 'Profile', 'Account']) {
      await expect(sidebar.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Call Insights dashboard' })).toBeVisible();
    await expect(userMenu).toContainText(`${user.firstName} ${user.lastName}`);
  });

  const personal = page.getByRole('form', { name: 'Personal Information' });
  const updatedDialog = page.getByRole('dialog', { name: 'Updated successful' });

  await test.step('change the first name on the profile page', async () => {
    await sidebar.getByRole('link', { name: 'Profile', exact: true }).click();
    await expect(page).toHaveURL(/\/main\/settings\/profile$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
    await expect(personal.getByLabel('Email address')).toHaveValue(user.email);
    await expect(personal.getByLabel('Email address')).not.toBeEditable();
    await expect(personal.getByLabel('User ID')).toHaveValue(/^\d+$/);
    await expect(personal.getByLabel('User ID')).not.toBeEditable();
    await expect(personal.getByLabel('Username')).toHaveValue(user.userName);
    await expect(personal.getByLabel('First name')).toHaveValue(user.firstName);

    await personal.getByLabel('First name').fill(newFirstName);
    await personal.getByRole('button', { name: 'Save' }).click();
    await expect(updatedDialog).toBeVisible();
    await expect(updatedDialog).toContainText('Your personal information has been saved.');
    await updatedDialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(updatedDialog).toBeHidden();

    await expect(userMenu).toContainText(`${newFirstName} ${user.lastName}`);
    await page.reload();
    await expect(personal.getByLabel('First name')).toHaveValue(newFirstName);
  });

  await test.step('change the password', async () => {
    const passwordForm = page.getByRole('form', { name: 'Change password' });
    await passwordForm.getByLabel('Current password').fill(user.password);
    await passwordForm.getByLabel('New password').fill(newPassword);
    await passwordForm.getByLabel('Confirm password').fill(newPassword);
    await passwordForm.getByRole('button', { name: 'Save' }).click();
    await expect(updatedDialog).toBeVisible();
    await expect(updatedDialog).toContainText('Your password has been changed.');
    await updatedDialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(updatedDialog).toBeHidden();
    await expect(passwordForm.getByLabel('New password')).toHaveValue('');

    // The session goes on with the fresh token the change answered with.
    await page.reload();
    await expect(personal.getByLabel('First name')).toHaveValue(newFirstName);
    await expect(userMenu).toContainText(`${newFirstName} ${user.lastName}`);
  });

  await test.step('sign out through the user menu', async () => {
    await userMenu.click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBeNull();
  });

  await test.step('the old password is refused', async () => {
    await signIn(page, { email: user.email, password: user.password });
    await expect(page.getByRole('alert')).toHaveText('You entered wrong password');
    await expect(page).toHaveURL(/\/signin$/);
  });

  await test.step('the new password signs in', async () => {
    await signIn(page, { email: user.email, password: newPassword });
    await expect(page).toHaveURL(/\/main\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Call Insights Hub');
    await expect(userMenu).toContainText(`${newFirstName} ${user.lastName}`);
  });
});

test('an unknown e-mail address is told the user does not exist', async ({ page, signIn }) => {
  await page.goto('/signin');
  await signIn(page, newAccountDetails());
  await expect(page.getByRole('alert')).toHaveText("This user doesn't exist");
  await expect(page).toHaveURL(/\/signin$/);
});

test('sign-up is blocked while the two passwords differ', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Not a member?')).toBeVisible();
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/signup$/);

  const user = newAccountDetails();
  await page.getByLabel('First name').fill(user.firstName);
  await page.getByLabel('Last name').fill(user.lastName);
  await page.getByLabel('Username').fill(user.userName);
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Organization').fill(user.organization);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm password').fill(`${user.password}-typo`);

  const submit = page.getByRole('button', { name: 'Sign up' });
  await expect(page.getByText("Password and Confirm password isn't matched")).toBeVisible();
  await expect(submit).toBeDisabled();

  await page.getByLabel('Confirm password').fill(user.password);
  await expect(page.getByText("Password and Confirm password isn't matched")).toBeHidden();
  await expect(submit).toBeEnabled();
  await expect(page).toHaveURL(/\/signup$/);
});
