/** SPEC section 5 and 9: inputs and menu items come in these sizes. */
export const WIDGET_SIZES = ['small', 'large', 'xlarge'] as const;
export type WidgetSize = (typeof WIDGET_SIZES)[number];
