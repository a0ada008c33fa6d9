/** The product's name and its public address, wherever a text names them. */
export const PRODUCT_NAME = 'Parti';

/** The studio's public address: the footer's contact link and the Enterprise card's Contact Sales. */
export const CONTACT_EMAIL = 'hello@parti.studio';
