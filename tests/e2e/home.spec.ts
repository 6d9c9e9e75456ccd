/**
 * The home page: the hero carousel and its keyboard path, statistics, featured
 * products, the brand strip and its brand pages, services; and the not-found path. Each test
 * runs with JavaScript on and off unless tagged.
 */
import { expect, test as ownPageTest, sharedPageTest as test } from "./support/fixtures.ts";

test("hero carousel: 5 banners, first image eager, anchors move between slides", async ({
  page,
  jsOn,
}) => {
  await page.emulateMedia({ reducedMotion: "no-preference" }); // the suite default is "reduce"
  await page.goto("/");
  const hero = page.locator('[aria-roledescription="carrusel"]');
  await expect(hero).toBeVisible();
  const slides = hero.locator('[aria-roledescription="diapositiva"]');
  await expect(slides).toHaveCount(5);
  const images = slides.locator("img");
  await expect(images.first()).toHaveAttribute("loading", "eager");
  for (let i = 1; i < 5; i++) await expect(images.nth(i)).toHaveAttribute("loading", "lazy");
  for (const src of await images.evaluateAll((els) =>
    els.map((el) => (el as HTMLImageElement).getAttribute("src")),
  )) {
    expect((await page.request.get(src!)).status()).toBe(200);
  }

  if (jsOn) {
    // Stop the autoplay so it cannot move the slides under the assertions below.
    // A click before hydration is lost: click until the button says it paused.
    const pause = hero.getByRole("button", { name: /Pausar/ });
    await expect(async () => {
      if (await pause.isVisible()) await pause.click();
      await expect(hero.getByRole("button", { name: /Reanudar/ })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await hero.getByRole("link", { name: /Banner 1/ }).click();
  }
  // The slide the track shows, whatever the page's own scroll (a click may scroll the page to
  // reach its link): the track's scroll position, in slides.
  const track = slides.first().locator("..");
  const shows = (n: number) =>
    expect.poll(() => track.evaluate((el) => el.scrollLeft / el.clientWidth)).toBeCloseTo(n, 1);
  await shows(0);
  await slides.first().getByRole("link", { name: "Banner siguiente" }).click();
  await shows(1);
  await hero.getByRole("link", { name: /Banner 5/ }).click();
  await shows(4);
  await slides.nth(4).getByRole("link", { name: "Banner siguiente" }).click();
  await shows(0);

  if (jsOn) {
    // The active dot follows the slide.
    await hero.getByRole("link", { name: /Banner 3/ }).click();
    await expect(hero.getByRole("link", { name: /Banner 3/ })).toHaveAttribute(
      "aria-current",
      "true",
    );
  } else {
    // Without JavaScript nothing moves by itself, so there is nothing to pause.
    await expect(hero.getByRole("button", { name: /Pausar/ })).toHaveCount(0);
  }
});

test("no autoplay control under reduced motion", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  await expect(page.locator('[aria-roledescription="carrusel"]')).toBeVisible();
  await expect(page.getByRole("button", { name: /Pausar/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Reanudar/ })).toHaveCount(0);
});

test("statistics and decorative particles", async ({ page }) => {
  await page.goto("/");
  const stats = page.getByRole("region", { name: "Nuestras cifras" });
  for (const text of ["22000+", "50+", "5+", "98.5%"]) await expect(stats).toContainText(text);
  await expect(stats).toContainText(/productos/i);
  await expect(stats).toContainText(/satisfacción/i);
  for (const count of [180, 120]) {
    const layer = page.locator(`[data-particles="${count}"][aria-hidden="true"]`);
    await expect(layer).toHaveCSS("position", "absolute");
    // The dots are one SVG image the stylesheet draws over the layer (docs/decisions/0382).
    const image = await layer.evaluate((el) => getComputedStyle(el, "::before").backgroundImage);
    const url = /^url\("(.+)"\)$/.exec(image)?.[1];
    expect(url, image).toBeTruthy();
    const answer = await page.request.get(url!);
    expect(answer.status()).toBe(200);
    expect((await answer.text()).match(/<circle /g)).toHaveLength(count);
    // Still under reduced motion (the suite's default).
    expect(await layer.evaluate((el) => getComputedStyle(el, "::before").animationName)).toBe(
      "none",
    );
  }
  await page.emulateMedia({ reducedMotion: "no-preference" });
  expect(
    await page
      .locator('[data-particles="180"]')
      .evaluate((el) => getComputedStyle(el, "::before").animationName),
  ).not.toBe("none");
});

test("featured products by category, 4 each, priced in COP without IVA @once", async ({ page }) => {
  await page.goto("/");
  const featured = page.getByRole("region", { name: "Productos destacados" });
  const groups = featured.getByRole("region");
  expect(await groups.count()).toBeGreaterThanOrEqual(1);
  for (const group of await groups.all()) {
    await expect(group.locator('h3[id^="destacados-"]')).not.toBeEmpty();
    await expect(group.getByRole("article")).toHaveCount(4);
  }
  const prices = featured.getByText(/^\$\u00a0\d{1,3}(\.\d{3})*$/);
  expect(await prices.count()).toBeGreaterThan(0);
  await expect(featured.getByText("/ Sin IVA").first()).toBeVisible();
  const card = featured.getByRole("article").first();
  const title = card.getByRole("heading", { level: 3 }).getByRole("link");
  await expect(title).toHaveAttribute("href", /^\/producto\/.+/);
  await expect(card).toContainText(/Stock: \d+|Sin stock/);
});

test("brand strip with about 60 brands: looping and pausable with JavaScript, scrolled by hand without @smoke", async ({
  page,
  jsOn,
}) => {
  await page.emulateMedia({ reducedMotion: "no-preference" }); // the suite default is "reduce"
  await page.goto("/");
  const brands = page.getByRole("region", { name: "Marcas que distribuimos" });
  const list = brands.getByRole("list", { name: /marcas/ });
  const logos = await list.getByRole("listitem").count();
  expect(logos).toBeGreaterThanOrEqual(50);
  await expect(list.getByRole("img").first()).toHaveAttribute("alt", /\S/);
  const strip = brands.getByRole("group", { name: "Logotipos de marcas" });
  const track = brands.locator("ul").first().locator("..");

  if (jsOn) {
    // The copy that makes the loop seamless joins after hydration, hidden from assistive
    // technology and out of the tab order.
    const copy = strip.locator('ul[aria-hidden="true"]');
    await expect(copy.locator("li")).toHaveCount(logos);
    for (const link of await copy.locator("a").all()) {
      await expect(link).toHaveAttribute("tabindex", "-1");
    }
    await expect(track).not.toHaveCSS("animation-name", "none");
    // Hydration may redraw the box checked before it: check until it holds.
    await expect(async () => {
      await brands.getByLabel("Pausar animación").check();
      await expect(track).toHaveCSS("animation-play-state", "paused", { timeout: 1_000 });
    }).toPass();
  } else {
    // No copy to loop over: nothing moves, there is nothing to pause, and the strip scrolls by
    // hand to its last logo.
    await expect(strip.locator("ul")).toHaveCount(1);
    await expect(track).toHaveCSS("animation-name", "none");
    await expect(brands.getByLabel("Pausar animación")).toHaveCount(0);
    await expect(strip).toHaveCSS("overflow-x", "auto");
    const last = list.getByRole("link").last();
    await expect(last).not.toBeInViewport();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport();
  }
});

test("the server's HTML carries the brand strip's logos once @once", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const start = html.indexOf('aria-labelledby="marcas-titulo"');
  expect(start).toBeGreaterThan(0);
  const strip = html.slice(start, html.indexOf("</section>", start));
  const hrefs = [...strip.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1]);
  expect(hrefs.length).toBeGreaterThanOrEqual(50);
  expect(new Set(hrefs).size).toBe(hrefs.length);
  expect(strip).not.toContain('aria-hidden="true"');
});

test("services and call to action @once", async ({ page }) => {
  await page.goto("/");
  const services = page.getByRole("region", { name: "Nuestros servicios" });
  await expect(services.getByRole("heading", { level: 3 })).toHaveText([
    "Soluciones tecnológicas",
    "Soporte técnico",
    "Asesoría y consultoría",
  ]);
  await expect(services).toContainText(/lunes a viernes/);
  const cta = page.getByRole("region", { name: /proyecto de seguridad/ });
  await cta.getByRole("button", { name: "Hablar con un asesor" }).click();
  await expect(page.getByRole("dialog", { name: /equipo de ventas/ })).toBeVisible();
});

test("an unknown path shows the home content with status 404 @once", async ({ page }) => {
  const response = await page.goto("/esta-pagina/no-existe");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("No encontramos la página que buscas.")).toBeVisible();
  await expect(page.locator('[aria-roledescription="carrusel"]')).toBeVisible();
  await expect(page.getByRole("region", { name: "Nuestras cifras" })).toContainText("22000+");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("home meta: title, description, canonical, Open Graph and Organization JSON-LD @once", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/SegTel Colombia/);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute(
    "content",
    /seguridad electrónica/,
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /^http:\/\/localhost:\d+\/$/,
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", /SegTel/);
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
  );
  expect(ld["@type"]).toBe("Organization");
});

test("the statistics sit on solid plates, and the footer follows the last band", async ({
  page,
}) => {
  await page.goto("/");
  const stats = page.getByRole("region", { name: "Nuestras cifras" }).getByRole("listitem");
  await expect(stats).toHaveCount(4);
  for (const stat of await stats.all()) {
    // Opaque background: no particle is drawn across the figure or its label.
    const alpha = await stat.evaluate((el) => {
      const m = /rgba?\(([^)]+)\)/.exec(getComputedStyle(el).backgroundColor);
      const parts = m ? m[1].split(",").map(Number) : [0, 0, 0, 0];
      return parts.length === 4 ? parts[3] : 1;
    });
    expect(alpha).toBe(1);
  }
  const cta = page.getByRole("region", { name: /¿Tienes un proyecto/ });
  const footer = page.getByRole("contentinfo");
  const ctaBox = await cta.boundingBox();
  const footerBox = await footer.boundingBox();
  expect(Math.round(footerBox!.y - (ctaBox!.y + ctaBox!.height))).toBe(0);
});

test("the brand logos link to brand pages that list the brand's products", async ({
  page,
  request,
}) => {
  await page.goto("/");
  const strip = page.getByRole("group", { name: "Logotipos de marcas" });
  const links = strip.getByRole("link");
  expect(await links.count()).toBeGreaterThanOrEqual(50);
  const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute("href")!));
  expect(hrefs.every((href) => /^\/marca\/[^/]+$/.test(href))).toBe(true);
  expect(new Set(hrefs).size).toBe(hrefs.length);
  for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);

  await strip.getByRole("link", { name: "Hikvision", exact: true }).click();
  await expect(page).toHaveURL(/\/marca\/Hikvision$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Productos Hikvision");
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText("Hikvision");
});

// ── The keyboard path: the first product within reach, hidden slides out of it ──────────────

test("the first product card is within 15 Tabs of the top of the home page", async ({
  page,
  jsOn,
}) => {
  // With JavaScript the hero autoplays unless motion is reduced, and its pause button takes a
  // stop: count it. Without JavaScript nothing moves, so the suite's reduced motion is kept.
  if (jsOn) await page.emulateMedia({ reducedMotion: "no-preference" });
  await page.goto("/");
  const hero = page.locator('[aria-roledescription="carrusel"]');
  if (jsOn) {
    // Hydrated (a loaded machine can take a while).
    await expect(hero.getByRole("button", { name: /Pausar/ })).toBeVisible({ timeout: 30_000 });
  }
  const firstCard = page
    .getByRole("region", { name: "Productos destacados" })
    .getByRole("article")
    .first();
  let presses = 0;
  for (; presses < 20; presses++) {
    if (await firstCard.evaluate((card) => card.contains(document.activeElement))) break;
    await page.keyboard.press("Tab");
  }
  expect(presses, "Tab presses to the first product card").toBeLessThanOrEqual(15);
  await expect(firstCard.getByRole("link").first()).toBeFocused();
});

test("hidden hero slides are out of the tab order", async ({ page, jsOn }) => {
  await page.goto("/");
  const slides = page.locator('[aria-roledescription="diapositiva"]');
  await expect(slides).toHaveCount(5);
  if (jsOn) {
    await expect(slides.nth(1)).toHaveAttribute("inert", "", { timeout: 30_000 });
    for (let i = 1; i < 5; i++) await expect(slides.nth(i)).toHaveAttribute("inert", "");
    await expect(slides.first()).not.toHaveAttribute("inert");
  } else {
    for (let i = 1; i < 5; i++) {
      await expect(slides.nth(i).getByRole("link", { name: /^Ver productos/ })).toBeHidden();
    }
  }
  // The slide on show keeps its links; the dots are pointer shortcuts.
  await expect(slides.first().getByRole("link", { name: /^Ver productos/ })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Elegir banner" }).getByRole("link").first(),
  ).toHaveAttribute("tabindex", "-1");
});

test("with JS, moving by keyboard keeps the focus on the arrow of the slide shown @js", async ({
  page,
}) => {
  await page.goto("/");
  const slides = page.locator('[aria-roledescription="diapositiva"]');
  await expect(slides.nth(1)).toHaveAttribute("inert", "", { timeout: 30_000 });
  await slides.first().getByRole("link", { name: "Banner siguiente" }).focus();
  await page.keyboard.press("Enter");
  await expect(slides.nth(1).getByRole("link", { name: "Banner siguiente" })).toBeFocused();
  await expect(slides.first()).toHaveAttribute("inert", "");
  await expect(slides.nth(1)).not.toHaveAttribute("inert");
  await page.keyboard.press("Shift+Tab");
  await expect(slides.nth(1).getByRole("link", { name: "Banner anterior" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(slides.first().getByRole("link", { name: "Banner anterior" })).toBeFocused();
});

// The browser reports a slide coming into view some time after it measured it: a report of
// the first slide, measured before an arrow moved on and delivered after the move had settled,
// took the carousel back to it while the second stayed on screen, inert, the focus lost with it.
// The page's own script (an init script, so a page of its own) delivers such a report at will.
ownPageTest(
  "with JS, a late report of a slide in view does not move the carousel back @js",
  async ({ page }) => {
    await page.addInitScript(() => {
      const observers: Array<[IntersectionObserverCallback, IntersectionObserver]> = [];
      const Native = window.IntersectionObserver;
      window.IntersectionObserver = class extends Native {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          super(callback, options);
          observers.push([callback, this]);
        }
      };
      const late = window as unknown as { scrollEnds: number; reportInView(id: string): void };
      late.scrollEnds = 0;
      document.addEventListener("scrollend", () => late.scrollEnds++, true);
      late.reportInView = (id) => {
        const target = document.getElementById(id);
        const entry = { target, isIntersecting: true, intersectionRatio: 1 };
        for (const [callback, observer] of observers) {
          callback([entry as unknown as IntersectionObserverEntry], observer);
        }
      };
    });
    await page.goto("/");
    const slides = page.locator('[aria-roledescription="diapositiva"]');
    await expect(slides.nth(1)).toHaveAttribute("inert", "", { timeout: 30_000 });
    await slides.first().getByRole("link", { name: "Banner siguiente" }).focus();
    await page.keyboard.press("Enter");
    // The carousel took the press: the link's own way (the address's #banner-2) was not taken.
    await expect(slides.first()).toHaveAttribute("inert", "");
    expect(new URL(page.url()).hash).toBe("");
    const next = slides.nth(1).getByRole("link", { name: "Banner siguiente" });
    await expect(next).toBeFocused();
    // The move has settled (its scroll ended), then the first slide's late report arrives.
    await page.waitForFunction(() => (window as unknown as { scrollEnds: number }).scrollEnds > 0);
    await page.evaluate(() =>
      (window as unknown as { reportInView(id: string): void }).reportInView("banner-1"),
    );
    await expect(slides.first()).toHaveAttribute("inert", "");
    await expect(slides.nth(1)).not.toHaveAttribute("inert");
    await expect(next).toBeFocused();
  },
);

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  // There the arrows sit at the bottom, under the band of the dots: a tap must reach them.
  test("a tap on the hero's arrow brings the next slide", async ({ page, jsOn }) => {
    await page.goto("/");
    const slides = page.locator('[aria-roledescription="diapositiva"]');
    if (jsOn) await expect(slides.nth(1)).toHaveAttribute("inert", "", { timeout: 30_000 });
    await slides.first().getByRole("link", { name: "Banner siguiente" }).click();
    await expect(slides.nth(1).getByRole("link", { name: /^Ver productos/ })).toBeVisible();
    await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
    if (jsOn) await expect(slides.first()).toHaveAttribute("inert", "");
  });
});

test("without JS, the arrows show the next slide and its links @nojs", async ({ page }) => {
  await page.goto("/");
  const slides = page.locator('[aria-roledescription="diapositiva"]');
  await slides.first().getByRole("link", { name: "Banner siguiente" }).click();
  await expect(page).toHaveURL(/#banner-2$/);
  await expect(slides.nth(1).getByRole("link", { name: /^Ver productos/ })).toBeVisible();
  await expect(slides.first().getByRole("link", { name: /^Ver productos/ })).toBeHidden();
  await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
});
