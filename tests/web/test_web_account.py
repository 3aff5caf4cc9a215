"""The account dialog in the browser, on a desktop (1280x800) and a phone (390x844): a guest
who holds a seat signs up (the seat joins the account), logs out, fails with a wrong password,
and logs in again; the dialog stays inside the screen; the session cookie is out of the
script's reach while its CSRF token is not."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, ViewportSize
from web_helpers import PHONE, LiveServer, open_table, seat_storage_script

DESKTOP_800: ViewportSize = {"width": 1280, "height": 800}
PASSWORD = "correct horse battery"


def open_dialog(page: Page) -> None:
    page.locator(".accountbtn").click()
    page.wait_for_selector(".accountdialog")


def inside_screen(page: Page, selector: str) -> None:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 0.5, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"] + 0.5, box


@pytest.mark.parametrize("viewport", [DESKTOP_800, PHONE], ids=["desktop", "phone"])
def test_sign_up_log_out_and_log_in(
    browser: Browser, server: LiveServer, viewport: ViewportSize
) -> None:
    name = f"Ana {viewport['width']}"
    table, _, tokens = open_table(server.url, "uno", {0: "guest"}, {1: "random"}, players=2)
    context = browser.new_context(viewport=viewport)
    context.add_init_script(seat_storage_script(table, 0, tokens[0]))
    page = context.new_page()
    page.goto(server.url)
    button = page.locator(".accountbtn")
    button.wait_for()
    assert button.inner_text() == "Log in"
    inside_screen(page, ".topbar .accountbtn")

    open_dialog(page)
    inside_screen(page, ".accountdialog")
    page.fill(".accountdialog input.accountname", name)
    page.fill(".accountdialog input.accountpassword", PASSWORD)
    with page.expect_navigation():
        page.locator(".accountdialog .signup").click()
    page.wait_for_function(
        "(name) => document.querySelector('.accountbtn')?.textContent === name", arg=name
    )
    assert server.table(table).seats[0].account_id is not None  # the guest's seat joined
    assert page.locator("input.myname").input_value() == name  # the name a seat gets

    cookies = {c["name"]: c for c in context.cookies()}
    assert cookies["solocards_session"]["httpOnly"] and cookies["solocards_session"]["secure"]
    assert cookies["solocards_session"]["sameSite"] == "Lax"
    seen = page.evaluate("() => document.cookie")
    assert "solocards_session" not in seen and "solocards_csrf" in seen

    open_dialog(page)
    assert name in page.locator(".accountdialog .whoami").inner_text()
    with page.expect_navigation():
        page.locator(".accountdialog .logout").click()
    page.wait_for_function("() => document.querySelector('.accountbtn')?.textContent === 'Log in'")

    open_dialog(page)
    page.fill(".accountdialog input.accountname", name)
    page.fill(".accountdialog input.accountpassword", "not the password")
    page.locator(".accountdialog .login").click()
    page.wait_for_function(
        "() => document.querySelector('.accountdialog .error')?.textContent.includes('wrong')"
    )
    page.fill(".accountdialog input.accountpassword", PASSWORD)
    with page.expect_navigation():
        page.locator(".accountdialog .login").click()
    page.wait_for_function(
        "(name) => document.querySelector('.accountbtn')?.textContent === name", arg=name
    )
    context.close()


def test_the_dialog_speaks_the_page_language(browser: Browser, server: LiveServer) -> None:
    context = browser.new_context(viewport=PHONE, locale="uk-UA")
    page = context.new_page()
    page.goto(f"{server.url}/?lang=uk")
    page.locator(".accountbtn").wait_for()
    assert page.locator(".accountbtn").inner_text() == "Увійти"
    open_dialog(page)
    assert page.locator(".accountdialog h2").inner_text() == "Ваш обліковий запис"
    page.fill(".accountdialog input.accountname", "nobody")
    page.fill(".accountdialog input.accountpassword", "whatever123")
    page.locator(".accountdialog .login").click()
    page.wait_for_function(
        "() => document.querySelector('.accountdialog .error')?.textContent.length > 0"
    )
    assert page.locator(".accountdialog .error").inner_text() == "неправильне ім’я або пароль"
    context.close()


@pytest.mark.parametrize("viewport", [DESKTOP_800, PHONE], ids=["desktop", "phone"])
def test_the_account_dialog_has_no_serious_accessibility_violation(
    browser: Browser, server: LiveServer, viewport: ViewportSize
) -> None:
    pytest.importorskip("axe_playwright_python.sync_playwright")
    from test_web_accessibility import bad_violations

    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(server.url)
    open_dialog(page)
    assert bad_violations(page) == []
    page.fill(".accountdialog input.accountname", f"Axe {viewport['width']}")
    page.fill(".accountdialog input.accountpassword", PASSWORD)
    with page.expect_navigation():
        page.locator(".accountdialog .signup").click()
    page.locator(".accountbtn").wait_for()
    page.wait_for_function("() => document.querySelector('.accountbtn').textContent !== 'Log in'")
    open_dialog(page)
    page.click(".accountdialog .changepassword summary")
    page.click(".accountdialog .deleteaccount summary")
    inside_screen(page, ".accountdialog")
    assert bad_violations(page) == []
    context.close()
