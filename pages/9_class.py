"""The class, on a student's phone: join by link or code, answer the lecturer's question, see the reveal.

Not a step of the lesson (it is not in `registry.PAGES`): the join link and QR code lead here.
"""

from attention_core.ui import class_student

class_student.student_page()
