/** Six tiles a row from this width up (the layout flag of docs/rules/product.md §2), four below it. */
export const WIDE_LAYOUT_QUERY = '(min-width: 1024px)';
