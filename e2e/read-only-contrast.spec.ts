import { test, expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, login } from './fixtures/auth';
import { DEMO_APPRENTICE_NAME, DEMO_QUESTIONNAIRES, openQuestionnaire, openTriadOf } from './fixtures/questionnaire';

/**
 * Issue 11 §1: a signed answer must look read-only yet stay readable (WCAG 1.4.3, at least 4.5:1).
 * On "Entretien d'intégration", which the tutor signed in the demo, every read-only answer and any
 * disabled field the page shows is measured: its text colour (with the opacity of every ancestor)
 * against the first opaque background behind it. Read-only: the demo accounts are enough.
 */

type Measure = { text: string; ratio: number };

/** The WCAG contrast of each read-only answer's text and of each filled disabled field, in the page. */
function measureReadOnlyText(page: Page): Promise<Measure[]> {
  return page.evaluate(() => {
    const rgba = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number) as [number, number, number, number?];
    const luminance = ([r, g, b]: number[]) => {
      const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r ?? 0) + 0.7152 * linear(g ?? 0) + 0.0722 * linear(b ?? 0);
    };
    const background = (element: Element): number[] => {
      for (let node: Element | null = element; node; node = node.parentElement) {
        const [r, g, b, a = 1] = rgba(getComputedStyle(node).backgroundColor);
        if (a > 0) return [r, g, b];
      }
      return [255, 255, 255];
    };
    const opacity = (element: Element) => {
      let value = 1;
      for (let node: Element | null = element; node; node = node.parentElement) value *= Number(getComputedStyle(node).opacity);
      return value;
    };
    const measure = (element: Element, text: string) => {
      const [r, g, b, a = 1] = rgba(getComputedStyle(element).color);
      const back = background(element);
      const alpha = a * opacity(element);
      const shown = [r, g, b].map((c, i) => c * alpha + (back[i] ?? 255) * (1 - alpha));
      const [light, dark] = [luminance(shown), luminance(back)].sort((x, y) => y - x) as [number, number];
      return { text, ratio: (light + 0.05) / (dark + 0.05) };
    };
    const results: { text: string; ratio: number }[] = [];
    for (const box of document.querySelectorAll('[data-readonly]')) {
      for (const element of box.querySelectorAll('*')) {
        const own = [...element.childNodes]
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? '')
          .join('')
          .trim();
        if (own) results.push(measure(element, own));
      }
    }
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:disabled, textarea:disabled')) {
      if (field.value) results.push(measure(field, field.value));
    }
    return results;
  });
}

async function expectReadable(page: Page): Promise<void> {
  await expect(page.locator('[data-readonly]').first()).toBeVisible();
  const measures = await measureReadOnlyText(page);
  expect(measures.length).toBeGreaterThan(0);
  for (const { text, ratio } of measures) expect(ratio, `contrast of "${text}"`).toBeGreaterThanOrEqual(4.5);
}

test('the tutor reads their signed answers as text in read-only boxes, at 4.5:1 or more, in both schemes', async ({ page }) => {
  await login(page, DEMO_ACCOUNTS.tutor);
  await openTriadOf(page, DEMO_APPRENTICE_NAME);
  await page.goto('/dashboard/questionnaires');
  await openQuestionnaire(page, DEMO_QUESTIONNAIRES.interview);
  await expect(page.locator('[data-progress-block] input:disabled, [data-progress-block] textarea:disabled')).toHaveCount(0);
  await expectReadable(page);
  await page.evaluate(() => document.documentElement.setAttribute('data-mantine-color-scheme', 'dark'));
  await expectReadable(page);
});
