import { renderToStaticMarkup } from "react-dom/server";
import { buildCategoryTree, menuTree } from "~/catalogue/category-tree";
import type { Category } from "~/merchant-api/product";
import { getCategories } from "~/merchant-api/client.server";
import { logger } from "~/platform/logger.server";
import { MegaMenuTree } from "./MegaMenuTree";

/** The markup of the last category list seen: the list object stays the same while cached. */
let last: { list: readonly Category[]; markup: string } | undefined;

/**
 * The mega menu's content as static HTML, for entry.server to put into every document
 * (docs/decisions/0383). It travels once, as markup: neither the loader data nor the
 * hydration data carry the category tree. When the API is down the menu says so instead
 * of failing the page.
 */
export async function menuMarkup(): Promise<string> {
  try {
    const list = await getCategories();
    if (last?.list !== list) {
      last = {
        list,
        markup: renderToStaticMarkup(
          <MegaMenuTree categories={menuTree(buildCategoryTree(list))} />,
        ),
      };
    }
    return last.markup;
  } catch (error) {
    logger.warn({ err: error }, "categories unavailable: empty menu");
    return renderToStaticMarkup(<MegaMenuTree categories={[]} />);
  }
}
