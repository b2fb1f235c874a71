package io.coaptree.it.http;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.function.BooleanSupplier;

import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import io.coaptree.harness.junit.Prerequisites;

/**
 * A page in Debian's headless Chromium, driven through chromium-driver (Selenium WebDriver with the driver's path set,
 * so nothing is downloaded). Without the two packages the test is skipped, except under {@code CI=true}, where
 * {@code .ci/run} installs them and their absence is a failure.
 */
final class ChromiumPage implements AutoCloseable {


    private final ChromeDriver driver;

    private ChromiumPage(ChromeDriver driver) {
        this.driver = driver;
    }

    static ChromiumPage open(String url) {
        Path chromium = Prerequisites.debianTool("chromium", "chromium");
        Path chromedriver = Prerequisites.debianTool("chromedriver", "chromium-driver");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium.toFile());
        // no sandbox: CI and containers run as root, where Chromium's sandbox cannot start
        options.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1200,760");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(chromedriver.toFile())
                .usingAnyFreePort().build();
        ChromeDriver driver = new ChromeDriver(service, options);
        driver.get(url);
        return new ChromiumPage(driver);
    }

    int count(String css) {
        return driver.findElements(By.cssSelector(css)).size();
    }

    /** The element's text, or "" while it is not on the page. */
    String text(String css) {
        try {
            var elements = driver.findElements(By.cssSelector(css));
            return elements.isEmpty() ? "" : elements.get(0).getText().trim();
        } catch (WebDriverException e) {
            return ""; // replaced while read: the next poll sees the new one
        }
    }

    void type(String css, String text) {
        driver.findElement(By.cssSelector(css)).sendKeys(text);
    }

    void click(String css) {
        driver.findElement(By.cssSelector(css)).click();
    }

    /** Polls the condition until it holds; fails naming what was awaited when the deadline passes. */
    void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("page: " + what + " not seen within " + timeout + "; page text:\n"
                        + driver.findElement(By.tagName("body")).getText());
            }
            Thread.sleep(100);
        }
    }

    /** A PNG of the page from its top (a click may have scrolled it). */
    Path screenshot(Path target) throws Exception {
        driver.executeScript("window.scrollTo(0, 0)");
        File file = driver.getScreenshotAs(OutputType.FILE);
        return Files.copy(file.toPath(), target, StandardCopyOption.REPLACE_EXISTING);
    }

    @Override
    public void close() {
        driver.quit();
    }
}
